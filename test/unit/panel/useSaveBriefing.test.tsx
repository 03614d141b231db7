import { act, render } from '@testing-library/react';
import { useCallback } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { usePaintedMark } from '@/components/panel/paint-mark';
import { Skeleton } from '@/components/panel/states/Skeleton';
import { forgetSavedBriefings, SAVE_AFTER_PAINT_MS, SAVE_AFTER_QUIET_MS, useSaveBriefing } from '@/components/panel/useSaveBriefing';
import type { PaintDetail } from '@/lib/panel/paint-mark';
import { SAVED_BRIEFINGS_MAX, type SavedBriefing } from '@/lib/panel/saved-briefing';
import { SAVED_BRIEFINGS_KEY } from '@/lib/storage/panel-cache-key';

interface Props {
  savedKey?: string;
  name: string;
  busy?: boolean;
  alert?: boolean;
  /** Called right after the saver hears of the paint (in the same task). */
  afterPaint?: () => void;
}

/** A panel showing one person: the briefing reports its paint to the saver, as PanelApp wires it. */
function Panel({ savedKey, name, busy = false, alert = false, afterPaint }: Props) {
  const onPainted = useSaveBriefing(savedKey, `person:${name}`);
  const reported = useCallback(
    (detail: PaintDetail) => {
      onPainted(detail);
      afterPaint?.();
    },
    [onPainted, afterPaint],
  );
  usePaintedMark(true, 'person', `contact:${name}`, reported);
  return (
    <main>
      <h1>{name}</h1>
      {busy ? <Skeleton label="Loading the briefing" /> : null}
      {alert ? <p role="alert">The service did not answer.</p> : null}
    </main>
  );
}

function mount(ui: React.ReactElement) {
  const root = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
  return render(ui, { container: root });
}

const stored = async () => ((await fakeBrowser.storage.session.get(SAVED_BRIEFINGS_KEY))[SAVED_BRIEFINGS_KEY] ?? {}) as Record<string, SavedBriefing>;
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const heading = (name: string) => [['main', {}, [['h1', {}, [name]]]]];
/** Waits for the saved copies to pass `check` (timers run late on a busy machine). */
const eventually = (check: (copies: Record<string, SavedBriefing>) => void) => vi.waitFor(async () => check(await stored()), { timeout: 5_000, interval: 20 });

beforeEach(async () => {
  await forgetSavedBriefings();
  document.body.innerHTML = '';
});

describe('saving the briefing on screen for the next opening', () => {
  it('saves it soon after it is painted, with its paint mark, under the target’s key', async () => {
    mount(<Panel savedKey="page-1" name="Maya" />);
    await eventually((copies) => expect(copies['page-1']).toBeDefined());
    const copy = (await stored())['page-1'];
    expect(copy?.mark).toEqual({ kind: 'person', key: 'contact:Maya' });
    expect(copy?.nodes).toEqual(heading('Maya'));
    expect(Date.now() - copy!.at).toBeLessThan(5_000);
  });

  it('saves nothing while something is loading or an error is shown, then once it has settled', async () => {
    const view = mount(<Panel savedKey="page-2" name="Tom" busy />);
    await wait(SAVE_AFTER_PAINT_MS + 50);
    expect(await stored()).toEqual({});
    view.rerender(<Panel savedKey="page-2" name="Tom" alert />);
    await wait(SAVE_AFTER_QUIET_MS + 50);
    expect(await stored()).toEqual({});
    view.rerender(<Panel savedKey="page-2" name="Tom" />);
    await eventually((copies) => expect(copies['page-2']?.nodes).toEqual(heading('Tom')));
  });

  it('saves nothing without a key (nothing briefed, or another view open on top)', async () => {
    mount(<Panel name="Ana" />);
    await wait(SAVE_AFTER_PAINT_MS + 50);
    expect(await stored()).toEqual({});
  });

  it('saves again after a view on top is closed, though the briefing is not painted anew', async () => {
    const view = mount(<Panel savedKey="page-6" name="Noor" busy />);
    await wait(SAVE_AFTER_PAINT_MS + 50);
    view.rerender(<Panel name="Noor" busy />);
    view.rerender(<Panel savedKey="page-6" name="Noor" />);
    await eventually((copies) => expect(copies['page-6']?.mark.key).toBe('contact:Noor'));
  });

  it('saves what is on screen when the panel is hidden, at once', async () => {
    let hidden!: () => void;
    const paintedAndHidden = new Promise<void>((resolve) => (hidden = resolve));
    const hide = () => {
      globalThis.dispatchEvent(new Event('pagehide'));
      hidden();
    };
    mount(<Panel savedKey="page-3" name="Lee" afterPaint={hide} />);
    await act(() => paintedAndHidden);
    // Hidden in the task that painted it: saved then, well before the save that follows the paint.
    await wait(0);
    expect((await stored())['page-3']?.mark.key).toBe('contact:Lee');
  });

  it('keeps other subjects’ copies; forgetting them (the settings changed) also drops a save on its way', async () => {
    const first = mount(<Panel savedKey="page-4" name="Kim" />);
    await eventually((copies) => expect(copies['page-4']).toBeDefined());
    first.unmount();
    document.body.innerHTML = '';
    mount(<Panel savedKey="page-5" name="Sam" afterPaint={() => globalThis.dispatchEvent(new Event('pagehide'))} />);
    await eventually((copies) => expect(Object.keys(copies).sort()).toEqual(['page-4', 'page-5']));
    await forgetSavedBriefings();
    expect(await stored()).toEqual({});

    // Forgotten while the old briefing is still on screen: neither the save on its way nor a
    // change to that briefing brings it back.
    document.body.innerHTML = '';
    const hideThenForget = () => {
      globalThis.dispatchEvent(new Event('pagehide'));
      void forgetSavedBriefings();
    };
    const view = mount(<Panel savedKey="page-7" name="Eve" afterPaint={hideThenForget} />);
    await wait(SAVE_AFTER_PAINT_MS + 50);
    view.rerender(<Panel savedKey="page-7" name="Eve" afterPaint={hideThenForget} busy />);
    view.rerender(<Panel savedKey="page-7" name="Eve" afterPaint={hideThenForget} />);
    await wait(SAVE_AFTER_QUIET_MS + 50);
    expect(await stored()).toEqual({});
  });

  it('saves a subject shown again after its copy made way for newer ones, though its briefing did not change', async () => {
    const show = async (key: string, name: string) => {
      document.body.innerHTML = '';
      const view = mount(<Panel savedKey={key} name={name} />);
      await eventually((copies) => expect(copies[key]).toBeDefined());
      view.unmount();
    };
    await show('page-a', 'Ann');
    for (let i = 0; i < SAVED_BRIEFINGS_MAX; i++) await show(`page-${i}`, `Person ${i}`);
    expect((await stored())['page-a']).toBeUndefined();
    await show('page-a', 'Ann');
    expect(Object.keys(await stored())).toHaveLength(SAVED_BRIEFINGS_MAX);
  });
});
