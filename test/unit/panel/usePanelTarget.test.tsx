import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { usePanelTarget } from '@/components/panel/usePanelTarget';
import { getPanelTarget } from '@/lib/panel/target';
import { browserShows, match, pagePerson, surface } from './fixtures';

const maya = match('m', 'Maya Chen', 'maya@example.com');
const page = { site: 'gmail' as const, recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', maya)], { kind: 'thread' })] };

describe('usePanelTarget', () => {
  it('reads the target again once it listens, and keeps the very object when nothing changed', async () => {
    await browserShows({ tabId: 7, focus: null, page, status: { recognised: true } });
    const known = await getPanelTarget({ skipPageWhenFocused: true });
    const query = vi.mocked(fakeBrowser.tabs.query);
    query.mockClear();
    const first = Promise.resolve(known);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return usePanelTarget(first, known);
    });
    await vi.waitFor(() => expect(query).toHaveBeenCalledTimes(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // Read again, found the same: no new render, so nothing downstream is asked for again.
    expect(result.current).toBe(known);
    expect(renders).toBe(1);
  });
});
