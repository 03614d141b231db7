/**
 * Reading Primer's hover card from tests, the demo and the bench. The card lives in a CLOSED shadow
 * root (the page's scripts must not read a briefing), which Playwright's locators cannot enter; the
 * DevTools Protocol can: `DOM.describeNode(…, pierce)` lists closed roots too, and the ShadowRoot
 * object it resolves to is then read with `Runtime.callFunctionOn` (the page never gets it).
 *
 * Names match as Playwright's `getByRole(role, { name })` does: a string is a case-insensitive
 * substring of the accessible name (whitespace collapsed), a RegExp is tested against it. Waits poll
 * until a timeout, as Playwright's `expect` does (5 s by default).
 */
import type { CDPSession, Page } from 'playwright';

export type Name = string | RegExp;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the card shows at one moment (`null`: no shown dialog of that name). */
export interface CardState {
  /** The dialog's text (textContent, whitespace collapsed). */
  text: string;
  /** The dialog's box in the viewport (CSS pixels, as Playwright's boundingBox). */
  box: Box;
  /** The host's box: the card's visible area (it caps the height and scrolls when space is short). */
  hostBox: Box;
  /** Accessible names of the visible buttons in the dialog, in order. */
  buttons: string[];
  /** The accessible name of the focused element in the card, when the page's focus is in it. */
  focused: string | null;
}

const DEFAULT_TIMEOUT = 5_000;
const HOST = 'primer-hover-card';

type WireName = { source: string; flags: string } | { text: string };
const wire = (name: Name): WireName => (typeof name === 'string' ? { text: name } : { source: name.source, flags: name.flags });
type Action = { kind: 'state' } | { kind: 'count'; selector: string } | { kind: 'target'; button: WireName } | { kind: 'overflow' };
const describe = (name: Name) => (typeof name === 'string' ? JSON.stringify(name) : String(name));

/**
 * Runs in the page on the card's ShadowRoot (`this`). Kept free of outside references: it is sent
 * as source. Returns the shown dialog named `dialog` (null when none), or acts on a button in it.
 */
function inCard(
  this: ShadowRoot,
  dialog: WireName,
  action: Action,
): unknown {
  const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const matches = (name: string, wanted: WireName) =>
    'text' in wanted ? name.toLowerCase().includes(clean(wanted.text).toLowerCase()) : new RegExp(wanted.source, wanted.flags.replace('g', '')).test(name);
  const nameOf = (element: Element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) {
      const text = labelledBy
        .split(/\s+/)
        .map((id) => this.getElementById(id)?.textContent ?? '')
        .join(' ');
      if (clean(text)) return clean(text);
    }
    return clean(element.getAttribute('aria-label')) || clean(element.textContent);
  };
  const toBox = (rect: DOMRect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height });
  const visible = (element: Element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && element.checkVisibility({ visibilityProperty: true });
  };
  const host = this.host as HTMLElement;
  if (!host.isConnected) return { gone: true };
  const shown = [...this.querySelectorAll('[role="dialog"]')].filter((element) => visible(element) && matches(nameOf(element), dialog));
  if (shown.length > 1) return { error: `${shown.length} shown dialogs match` };
  const card = shown[0];
  if (!card) return { card: null };
  const buttons = [...card.querySelectorAll('button, [role="button"]')].filter(visible);
  if (action.kind === 'count') return { card: true, count: card.querySelectorAll(action.selector).length };
  if (action.kind === 'overflow') {
    // What sticks out sideways past the card's visible area (the host clips it: overflow-x hidden).
    const area = host.getBoundingClientRect();
    const out = [card, ...card.querySelectorAll('*')]
      .filter((element) => visible(element) && element.getBoundingClientRect().width > 1)
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.left < area.left - 0.5 || rect.right > area.left + host.clientWidth + 0.5;
      })
      .map((element) => `${element.localName}.${element.getAttribute('class') ?? ''} "${clean(element.textContent).slice(0, 40)}"`);
    return { card: true, overflow: out };
  }
  if (action.kind === 'target') {
    const wanted = action.button;
    const found = buttons.filter((button) => matches(nameOf(button), wanted));
    if (found.length !== 1) return { card: true, target: null, why: `${found.length} visible buttons match` };
    // A card still loading grows once its briefing is in, moving its buttons down: a point read
    // now may be missed by the click that follows (seen on a loaded CI machine).
    if ([...card.querySelectorAll('.skeleton')].some(visible)) return { card: true, target: null, why: 'the card is still loading' };
    const button = found[0] as HTMLElement;
    if ((button as HTMLButtonElement).disabled) return { card: true, target: null, why: 'the button is disabled' };
    // As Playwright's click: into view first (inside the card, which may scroll), then the point
    // at its centre must hit the button itself, not something over it.
    button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const rect = button.getBoundingClientRect();
    const x = rect.x + rect.width / 2;
    const y = rect.y + rect.height / 2;
    const hit = this.elementFromPoint(x, y);
    if (!hit || !(hit === button || button.contains(hit))) return { card: true, target: null, why: 'another element would receive the click' };
    return { card: true, target: { x, y } };
  }
  const active = document.activeElement === host ? this.activeElement : null;
  return {
    card: {
      text: clean(card.textContent),
      box: toBox(card.getBoundingClientRect()),
      hostBox: toBox(host.getBoundingClientRect()),
      buttons: buttons.map(nameOf),
      focused: active && card.contains(active) ? nameOf(active) : null,
    },
  };
}

type Answer =
  | { gone: true }
  | { error: string }
  | { card: null }
  | { card: CardState }
  | { card: true; count: number }
  | { card: true; overflow: string[] }
  | { card: true; target: { x: number; y: number } | null; why?: string };

const cards = new WeakMap<Page, HoverCards>();

/** The hover card reader for `page` (one CDP session per page, made on first use). */
export function hoverCards(page: Page): HoverCards {
  let reader = cards.get(page);
  if (!reader) {
    reader = new HoverCards(page);
    cards.set(page, reader);
  }
  return reader;
}

/** The dialog named `name` in Primer's hover card on `page`. */
export function hoverCard(page: Page, name: Name): HoverCard {
  return new HoverCard(hoverCards(page), name);
}

export class HoverCards {
  private session: Promise<CDPSession> | null = null;
  /** The card's ShadowRoot in the page (a Runtime object id), once found. */
  private shadow: string | null = null;

  constructor(readonly page: Page) {}

  private cdp(): Promise<CDPSession> {
    this.session ??= this.page.context().newCDPSession(this.page);
    return this.session;
  }

  /** Finds the host and its (closed) shadow root; null while the page has no card host. */
  private async findShadow(cdp: CDPSession): Promise<string | null> {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    try {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: HOST });
      if (!nodeId) return null;
      const { node } = await cdp.send('DOM.describeNode', { nodeId, depth: 1, pierce: true });
      const shadowRoot = node.shadowRoots?.[0];
      if (!shadowRoot) throw new Error(`<${HOST}> has no shadow root`);
      const { object } = await cdp.send('DOM.resolveNode', { backendNodeId: shadowRoot.backendNodeId, objectGroup: 'primer-hover-card' });
      return object.objectId ?? null;
    } finally {
      // The DOM agent is needed only to find the root: not left tracking the page's mutations.
      await cdp.send('DOM.disable').catch(() => undefined);
    }
  }

  /**
   * Runs `check` while the page's scripts see the card's root as the host's `shadowRoot` (an own
   * property of the host, deleted after): axe-core, run in the page, enters shadow trees only
   * through `shadowRoot`, which a closed root does not give.
   */
  async withRootExposed<T>(check: () => Promise<T>): Promise<T> {
    const cdp = await this.cdp();
    this.shadow ??= await this.findShadow(cdp);
    const shadow = this.shadow;
    if (!shadow) throw new Error(`No <${HOST}> in the page`);
    const call = (functionDeclaration: string) => cdp.send('Runtime.callFunctionOn', { objectId: shadow, functionDeclaration });
    await call(`function () { Object.defineProperty(this.host, 'shadowRoot', { configurable: true, get: () => this }); }`);
    try {
      return await check();
    } finally {
      await call('function () { delete this.host.shadowRoot; }');
    }
  }

  /** One reading of the card's root: `{ card: null }` while there is no host or no such dialog. */
  async ask(dialog: Name, action: Action): Promise<Answer> {
    const cdp = await this.cdp();
    for (let attempt = 0; attempt < 2; attempt++) {
      this.shadow ??= await this.findShadow(cdp);
      if (!this.shadow) return { card: null };
      let answer: Answer;
      try {
        const { result, exceptionDetails } = await cdp.send('Runtime.callFunctionOn', {
          objectId: this.shadow,
          // tsx (esbuild, keepNames) may wrap the function's inner arrows in `__name(…)`.
          functionDeclaration: `function (...args) { const __name = (f) => f; return (${inCard.toString()}).apply(this, args); }`,
          arguments: [{ value: wire(dialog) }, { value: action }],
          returnByValue: true,
        });
        if (exceptionDetails) throw new Error(`Reading the hover card failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
        answer = result.value as Answer;
      } catch (error) {
        // The page navigated (its objects are gone): find the new page's card.
        if (error instanceof Error && /Cannot find context|Could not find object|object with given id/i.test(error.message)) answer = { gone: true };
        else throw error;
      }
      if (!('gone' in answer)) return answer;
      this.shadow = null;
    }
    return { card: null };
  }
}

export class HoverCard {
  constructor(
    readonly cards: HoverCards,
    readonly name: Name,
  ) {}

  get page(): Page {
    return this.cards.page;
  }

  private async poll<T>(what: string, read: () => Promise<{ done: true; value: T } | { done: false; last: string }>, timeout = DEFAULT_TIMEOUT): Promise<T> {
    const deadline = Date.now() + timeout;
    let last = '';
    for (let wait = 0; ; wait = Math.min(wait ? wait * 2 : 50, 250)) {
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
      const result = await read();
      if (result.done) return result.value;
      last = result.last;
      if (Date.now() >= deadline) throw new Error(`Hover card ${describe(this.name)}: ${what} within ${timeout} ms; last seen: ${last}`);
    }
  }

  /** The card as shown now, or null when no dialog of this name is shown. */
  async state(): Promise<CardState | null> {
    const answer = await this.cards.ask(this.name, { kind: 'state' });
    if ('error' in answer) throw new Error(`Hover card ${describe(this.name)}: ${answer.error}`);
    if (!('card' in answer) || answer.card === null || answer.card === true) return null;
    return answer.card;
  }

  /** Whether the card is shown now (no waiting). */
  async isShown(): Promise<boolean> {
    return (await this.state()) !== null;
  }

  /** Waits until the card is shown; its state then. */
  async toBeShown(options: { timeout?: number } = {}): Promise<CardState> {
    return this.poll('not shown', async () => {
      const state = await this.state();
      return state ? { done: true, value: state } : { done: false, last: 'not shown' };
    }, options.timeout);
  }

  /** Waits until no dialog of this name is shown. */
  async toBeHidden(options: { timeout?: number } = {}): Promise<void> {
    await this.poll('not hidden', async () => {
      const state = await this.state();
      return state ? { done: false, last: `shown: ${state.text.slice(0, 200)}` } : { done: true, value: undefined };
    }, options.timeout);
  }

  /** Waits until the card is shown with `text` in it (a substring, as toContainText; or a RegExp). */
  async toContainText(text: string | RegExp, options: { timeout?: number } = {}): Promise<CardState> {
    const has = (all: string) => (typeof text === 'string' ? all.includes(text.replace(/\s+/g, ' ').trim()) : text.test(all));
    return this.poll(`no text ${describe(text)}`, async () => {
      const state = await this.state();
      if (state && has(state.text)) return { done: true, value: state };
      return { done: false, last: state ? state.text.slice(0, 500) : 'not shown' };
    }, options.timeout);
  }

  /** Waits until the button named `button` in the card has the page's focus. */
  async toHaveFocusOn(button: Name, options: { timeout?: number } = {}): Promise<void> {
    const matches = (name: string) => (typeof button === 'string' ? name.toLowerCase().includes(button.toLowerCase()) : button.test(name));
    await this.poll(`button ${describe(button)} not focused`, async () => {
      const state = await this.state();
      if (state?.focused != null && matches(state.focused) && state.buttons.filter(matches).length === 1) return { done: true, value: undefined };
      return { done: false, last: state ? `focus on ${JSON.stringify(state.focused)}` : 'not shown' };
    }, options.timeout);
  }

  /** How many elements in the shown card match `selector` (waits for the card to be shown). */
  async count(selector: string, options: { timeout?: number } = {}): Promise<number> {
    return this.poll('not shown', async () => {
      const answer = await this.cards.ask(this.name, { kind: 'count', selector });
      return 'count' in answer ? { done: true, value: answer.count } : { done: false, last: 'not shown' };
    }, options.timeout);
  }

  /** The card's elements that stick out sideways past its visible area (waits for the card to be shown). */
  async overflow(options: { timeout?: number } = {}): Promise<string[]> {
    return this.poll('not shown', async () => {
      const answer = await this.cards.ask(this.name, { kind: 'overflow' });
      return 'overflow' in answer ? { done: true, value: answer.overflow } : { done: false, last: 'not shown' };
    }, options.timeout);
  }

  /** The host's box (the card's visible area), once shown. */
  async hostBox(options: { timeout?: number } = {}): Promise<Box> {
    return (await this.toBeShown(options)).hostBox;
  }

  /**
   * Clicks the button named `button` in the card as the user would: a real (trusted) mouse click
   * at its centre, once exactly one such button is shown, enabled and not covered.
   */
  async click(button: Name, options: { timeout?: number } = {}): Promise<void> {
    // As Playwright's own click: only a target that stayed where it was between two looks (the
    // card moves and grows as its briefing arrives, and a click at the old place misses).
    let previous: { x: number; y: number } | null = null;
    const at = await this.poll(`no button ${describe(button)} to click, standing still`, async () => {
      const answer = await this.cards.ask(this.name, { kind: 'target', button: wire(button) });
      const target = 'target' in answer ? answer.target : null;
      const steady = target && previous && target.x === previous.x && target.y === previous.y;
      previous = target ?? null;
      if (target && steady) return { done: true, value: target };
      return { done: false, last: target ? `moving (at ${target.x}, ${target.y})` : 'why' in answer && answer.why ? answer.why : 'not shown' };
    }, options.timeout);
    await this.page.mouse.click(at.x, at.y);
  }
}

/**
 * What the page's own scripts (main world) see of the card: whether its host is there, whether the
 * host gives them its `shadowRoot`, and the host's text (innerText and textContent).
 */
export function pageSeesCardRoot(page: Page): Promise<{ host: boolean; shadowRoot: boolean; text: string }> {
  return page.evaluate((selector) => {
    const host = document.querySelector<HTMLElement>(selector);
    return { host: host !== null, shadowRoot: host?.shadowRoot != null, text: host ? host.innerText + (host.textContent ?? '') : '' };
  }, HOST);
}
