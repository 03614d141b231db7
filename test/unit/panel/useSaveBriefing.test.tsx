import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { usePaintedMark } from '@/components/panel/paint-mark';
import { forgetSavedBriefings, SAVE_AFTER_PAINT_MS, SAVE_AFTER_QUIET_MS, useSaveBriefing } from '@/components/panel/useSaveBriefing';
import type { SavedBriefing } from '@/lib/panel/saved-briefing';
import { SAVED_BRIEFINGS_KEY } from '@/lib/storage/panel-cache-key';

function Briefing({ savedKey, name, busy = false }: { savedKey?: string; name: string; busy?: boolean }) {
  usePaintedMark(true, 'person', `contact:${name}`);
  useSaveBriefing(savedKey);
  return (
    <main>
      <h1>{name}</h1>
      {busy ? <div role="status" aria-busy="true" /> : null}
    </main>
  );
}

function mount(ui: React.ReactElement) {
  const root = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
  return render(ui, { container: root });
}

const stored = async () => ((await fakeBrowser.storage.session.get(SAVED_BRIEFINGS_KEY))[SAVED_BRIEFINGS_KEY] ?? {}) as Record<string, SavedBriefing>;
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

beforeEach(async () => {
  await forgetSavedBriefings();
  document.body.innerHTML = '';
});

describe('saving the briefing on screen for the next opening', () => {
  it('saves it soon after it is painted, with its paint mark, under the target’s key', async () => {
    mount(<Briefing savedKey="page-1" name="Maya" />);
    await wait(SAVE_AFTER_PAINT_MS + 50);
    const copy = (await stored())['page-1'];
    expect(copy?.mark).toEqual({ kind: 'person', key: 'contact:Maya' });
    expect(copy?.nodes).toEqual([['main', {}, [['h1', {}, ['Maya']]]]]);
    expect(Date.now() - copy!.at).toBeLessThan(5_000);
  });

  it('saves nothing while something is loading, then once it has settled', async () => {
    const view = mount(<Briefing savedKey="page-2" name="Tom" busy />);
    await wait(SAVE_AFTER_PAINT_MS + 50);
    expect(await stored()).toEqual({});
    view.rerender(<Briefing savedKey="page-2" name="Tom" />);
    await wait(SAVE_AFTER_QUIET_MS + 50);
    expect((await stored())['page-2']?.nodes).toEqual([['main', {}, [['h1', {}, ['Tom']]]]]);
  });

  it('saves nothing without a key (no briefing, or another view open on top)', async () => {
    mount(<Briefing name="Ana" />);
    await wait(SAVE_AFTER_PAINT_MS + 50);
    expect(await stored()).toEqual({});
  });

  it('saves what is on screen when the panel is hidden before the wait is up', async () => {
    mount(<Briefing savedKey="page-3" name="Lee" />);
    // Painted (two frames' worth), not yet saved.
    await wait(10);
    expect(await stored()).toEqual({});
    act(() => {
      globalThis.dispatchEvent(new Event('pagehide'));
    });
    await wait(0);
    expect((await stored())['page-3']?.mark.key).toBe('contact:Lee');
  });

  it('keeps other subjects’ copies, and forgets them all when the settings change', async () => {
    const first = mount(<Briefing savedKey="page-4" name="Kim" />);
    await wait(SAVE_AFTER_PAINT_MS + 50);
    first.unmount();
    document.body.innerHTML = '';
    mount(<Briefing savedKey="page-5" name="Sam" />);
    await wait(SAVE_AFTER_PAINT_MS + 50);
    expect(Object.keys(await stored()).sort()).toEqual(['page-4', 'page-5']);
    await forgetSavedBriefings();
    expect(await stored()).toEqual({});
  });
});
