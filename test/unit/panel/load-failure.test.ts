import { afterEach, describe, expect, it, vi } from 'vitest';
import { showLoadFailure } from '@/lib/panel/load-failure';
import { paintSavedBriefing, showsSavedBriefing } from '@/lib/panel/saved-briefing';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('when the panel’s own code cannot be loaded', () => {
  it('takes down the saved copy and says so, with a way to reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root')!;
    await paintSavedBriefing(document, { mark: { kind: 'person', key: 'contact:m' }, nodes: [['h1', {}, ['Maya Chen']]] });
    const reload = vi.fn();
    showLoadFailure(document, new Error('Failed to fetch dynamically imported module'), reload);
    expect(showsSavedBriefing(root)).toBe(false);
    expect(root.inert).toBe(false);
    expect(root.hasAttribute('aria-busy')).toBe(false);
    const alert = root.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Primer’s panel could not load');
    expect(root.textContent).not.toContain('Maya Chen');
    alert?.querySelector('button')?.click();
    expect(reload).toHaveBeenCalledOnce();
    expect(console.error).toHaveBeenCalled();
  });
});
