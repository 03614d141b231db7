/**
 * Reaching Primer's side panel from tests and the demo. Playwright cannot drive Chrome's side
 * panel container, so the panel's own page is opened in a tab and told which tab to brief
 * (`sidepanel.html?tab=<id>`): the same code and the same target resolution as in the panel.
 */
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright';
import type { ChromeLike } from './chrome-like.ts';

/**
 * The tab id of `page`. Primer has no "tabs" permission, so tabs show no address to it: the page is
 * brought to the front and the active tab asked for.
 */
export async function tabIdOf(serviceWorker: Worker, page: Page): Promise<number> {
  await page.bringToFront();
  const id = await serviceWorker.evaluate(async () => {
    const chrome = (globalThis as unknown as { chrome: ChromeLike }).chrome;
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return tab?.id ?? null;
  });
  if (id === null) throw new Error(`No active tab for ${page.url()}`);
  return id;
}

/**
 * `beforeNavigation`: run on the new tab before it loads the panel, for listeners that must hear
 * its start (console errors of its first render come before `goto` returns).
 */
export async function openPanel(context: BrowserContext, extensionId: string, tabId: number, beforeNavigation?: (page: Page) => void): Promise<Page> {
  return openWatched(context, `chrome-extension://${extensionId}/sidepanel.html?tab=${tabId}`, beforeNavigation);
}

/** Opens another page of the extension (e.g. the timing floor) in a tab. */
export async function openExtensionPage(context: BrowserContext, extensionId: string, file: string): Promise<Page> {
  return openWatched(context, `chrome-extension://${extensionId}/${file}`);
}

/**
 * A DevTools session of each page opened here, attached before it navigates: `timeToBriefing`
 * reads the paint mark through it. Playwright's own waiting (`waitForFunction`, locators) first
 * evaluates its injected script in the page, 5-15 ms of the page's main thread, which would land
 * in the middle of the very opening being timed.
 */
const sessions = new WeakMap<Page, CDPSession>();

async function openWatched(context: BrowserContext, url: string, beforeNavigation?: (page: Page) => void): Promise<Page> {
  const page = await context.newPage();
  sessions.set(page, await context.newCDPSession(page));
  beforeNavigation?.(page);
  await page.goto(url);
  return page;
}

/**
 * Resolves with the paint marks' times: the first (a saved copy painted by the start-up script, or
 * the live briefing), whether it was a saved copy, and the live panel's. Evaluated by itself in
 * the page (no helpers).
 */
const PAINTED_MARK_TIMES = `new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error('No briefing painted within 20 s')), 20000);
  let first = null;
  new PerformanceObserver((list, observer) => {
    for (const mark of list.getEntriesByName('primer:briefing-painted')) {
      first = first || mark;
      if (mark.detail && mark.detail.saved) continue;
      clearTimeout(timer);
      observer.disconnect();
      resolve({ first: first.startTime, saved: Boolean(first.detail && first.detail.saved), live: mark.startTime, firstKey: String(first.detail && first.detail.key), liveKey: String(mark.detail && mark.detail.key) });
      return;
    }
  }).observe({ type: 'mark', buffered: true });
})`;

export interface PaintTimes {
  /** The first briefing on screen: a saved copy, or the live panel's. */
  first: number;
  /** Whether the first was a saved copy (lib/panel/saved-briefing.ts). */
  saved: boolean;
  /** The live panel's briefing. */
  live: number;
  /** What each briefing is of (the paint marks' subject keys): a saved copy must be of the live one's subject. */
  firstKey: string;
  liveKey: string;
}

/**
 * With the panel open, the user picks another person or meeting ("Open briefing" on a card
 * writes the tab's focus): milliseconds from the focus being written to the new briefing painted.
 * The write is made from the panel page itself, so both times are on its clock.
 */
export async function timeToSwitch(panel: Page, tabId: number, focus: unknown): Promise<number> {
  return panel.evaluate(
    async ({ key, value }) => {
      const chrome = (globalThis as unknown as { chrome: ChromeLike }).chrome;
      const start = performance.now();
      const painted = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('No briefing painted within 20 s of the switch')), 20_000);
        const observer = new PerformanceObserver((list) => {
          const mark = list.getEntriesByName('primer:briefing-painted').find((entry) => entry.startTime > start);
          if (!mark) return;
          clearTimeout(timer);
          observer.disconnect();
          resolve(mark.startTime - start);
        });
        observer.observe({ type: 'mark' });
      });
      await chrome.storage.session.set({ [key]: value });
      return painted;
    },
    { key: `panelFocus:${tabId}`, value: focus },
  );
}

/**
 * Milliseconds from the panel page starting to load to its briefings painted (`PaintTimes`).
 * Nothing but a few lines is evaluated in the page until the live briefing is painted (see
 * `sessions`).
 */
export async function paintTimes(panel: Page): Promise<PaintTimes> {
  let session = sessions.get(panel);
  if (!session) sessions.set(panel, (session = await panel.context().newCDPSession(panel)));
  const { result, exceptionDetails } = (await session.send('Runtime.evaluate', { expression: PAINTED_MARK_TIMES, awaitPromise: true, returnByValue: true })) as {
    result: { value?: PaintTimes };
    exceptionDetails?: { exception?: { description?: string }; text: string };
  };
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  if (!result.value) throw new Error('No paint times from the panel');
  return result.value;
}

/** Milliseconds from the panel page starting to load to the first briefing on screen. */
export async function timeToBriefing(panel: Page): Promise<number> {
  return (await paintTimes(panel)).first;
}

/**
 * A screenshot of the whole panel at `width`. The viewport is made as tall as the page first: a
 * full-page capture of a scrolling page is cut to the width it had beside its scrollbar.
 */
export async function screenshotPanel(panel: Page, file: string, width = 360): Promise<void> {
  await panel.setViewportSize({ width, height: 900 });
  const height = await panel.evaluate(() => document.documentElement.scrollHeight);
  await panel.setViewportSize({ width, height: Math.max(900, height) });
  await panel.screenshot({ path: file });
  await panel.setViewportSize({ width, height: 900 });
}

/**
 * Side panels Chrome opens itself (a card's "Open briefing"). Playwright does not list them as
 * pages, so they are found in the browser's DevTools target list and reached through a session of
 * their own (`Target.sendMessageToTarget`: Playwright's sessions cannot address a child session).
 */
export class SidePanels {
  readonly #browser: CDPSession;
  readonly #replies = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
  #nextId = 0;

  private constructor(browser: CDPSession) {
    this.#browser = browser;
    browser.on('Target.receivedMessageFromTarget', ({ message }) => {
      const parsed = JSON.parse(message) as { id?: number; result?: unknown; error?: { message: string } };
      if (parsed.id === undefined) return;
      this.#replies.get(parsed.id)?.(parsed);
      this.#replies.delete(parsed.id);
    });
  }

  static async watch(context: BrowserContext): Promise<SidePanels> {
    const browser = context.browser();
    if (!browser) throw new Error('No browser to watch side panels in');
    return new SidePanels(await browser.newBrowserCDPSession());
  }

  /**
   * The side panel whose page showing `file` started loading at `since` (ms since the epoch) or
   * later; waits up to 10 s. Chrome may keep a closed panel's target and load the next panel in it.
   */
  async next(file: string, since: number): Promise<string> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const { targetInfos } = (await this.#browser.send('Target.getTargets')) as { targetInfos: { targetId: string; url: string }[] };
      for (const target of targetInfos) {
        if (!target.url.startsWith('chrome-extension://') || new URL(target.url).pathname !== `/${file}`) continue;
        const started = await this.evaluate(target.targetId, `location.pathname === ${JSON.stringify(`/${file}`)} ? performance.timeOrigin : 0`).catch(() => 0);
        if (typeof started === 'number' && started >= since) return target.targetId;
      }
      // Not too often: each look attaches to the panel being timed, on a two-core machine.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`No side panel showing ${file} opened`);
  }

  /** Evaluates `expression` in the target's page (awaiting a promise) and returns its value. */
  async evaluate(targetId: string, expression: string): Promise<unknown> {
    const { sessionId } = await this.#browser.send('Target.attachToTarget', { targetId, flatten: false });
    try {
      const id = ++this.#nextId;
      const reply = new Promise<{ result?: unknown; error?: { message: string } }>((resolve, reject) => {
        // A panel closed meanwhile never answers.
        const timer = setTimeout(() => {
          if (this.#replies.delete(id)) reject(new Error(`No answer from the side panel to ${expression.slice(0, 60)}`));
        }, 25_000);
        this.#replies.set(id, (message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
      await this.#browser.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, awaitPromise: true, returnByValue: true } }) });
      const answer = await reply;
      const result = (answer.result as { result?: { value?: unknown }; exceptionDetails?: { text: string } } | undefined) ?? {};
      if (answer.error || result.exceptionDetails) throw new Error(answer.error?.message ?? result.exceptionDetails?.text);
      return result.result?.value;
    } finally {
      await this.#browser.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    }
  }

  /** When the panel's page started loading and its `PaintTimes`, in ms since the epoch. */
  async paintTimes(targetId: string): Promise<PaintTimes & { started: number }> {
    const value = await this.evaluate(targetId, `${PAINTED_MARK_TIMES}.then((times) => ({ ...times, started: performance.timeOrigin, first: performance.timeOrigin + times.first, live: performance.timeOrigin + times.live }))`);
    const times = value as Partial<PaintTimes & { started: number }> | null;
    if (typeof times?.started !== 'number' || typeof times.first !== 'number' || typeof times.live !== 'number') throw new Error(`No paint times from the side panel: ${JSON.stringify(value)}`);
    return { started: times.started, first: times.first, live: times.live, saved: times.saved === true, firstKey: String(times.firstKey), liveKey: String(times.liveKey) };
  }
}

/** Records when the page's clicks happen (ms since the epoch), from the page's own event times. */
export async function recordClicks(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const holder = window as unknown as { primerTestLastClick?: number };
    document.addEventListener('click', (event) => (holder.primerTestLastClick = performance.timeOrigin + event.timeStamp), true);
  });
  return async () => page.evaluate(() => (window as unknown as { primerTestLastClick?: number }).primerTestLastClick ?? Number.NaN);
}
