/**
 * The small marker beside a known contact. A focusable button-like span whose look lives in a
 * closed shadow root, so the site's CSS cannot reach it and ours cannot leak. Built with DOM APIs
 * only (sites enforce Trusted Types), and names go in as text, never as markup.
 */
import type { ContactMatch } from '../models';
import { own } from './owned-nodes';

const STYLE = `
:host { display: inline-block; inline-size: 14px; block-size: 14px; margin-inline-start: 4px;
  vertical-align: middle; cursor: pointer; border-radius: 50%; line-height: 0; }
:host(:focus-visible) { outline: 2px solid #0b57d0; outline-offset: 1px; }
.dot { display: block; box-sizing: border-box; inline-size: 8px; block-size: 8px; margin: 3px;
  border-radius: 50%; background: #0b57d0; border: 1.5px solid #0b57d0; }
.dot.name { background: transparent; }
@media (prefers-color-scheme: dark) { .dot { background: #a8c7fa; border-color: #a8c7fa; } .dot.name { background: transparent; } }
`;

export const MARKER_ATTRIBUTE = 'data-primer-marker';

export function markerLabel(match: ContactMatch): string {
  const who = match.contact.name ?? match.contact.email ?? 'this contact';
  return match.matchedBy === 'name' ? `Primer briefing: ${who} (matched by name)` : `Primer briefing: ${who}`;
}

/** One stylesheet shared by every marker (a 300-person page must not parse it 300 times). */
let sharedSheet: CSSStyleSheet | null | undefined;
function markerSheet(): CSSStyleSheet | null {
  if (sharedSheet === undefined) {
    try {
      sharedSheet = new CSSStyleSheet();
      sharedSheet.replaceSync(STYLE);
    } catch {
      sharedSheet = null;
    }
  }
  return sharedSheet;
}

export function createMarker(match: ContactMatch): HTMLElement {
  const host = own(document.createElement('span'));
  host.setAttribute(MARKER_ATTRIBUTE, match.matchedBy);
  host.setAttribute('role', 'button');
  host.tabIndex = 0;
  host.setAttribute('aria-label', markerLabel(match));
  host.title = markerLabel(match);
  const shadow = host.attachShadow({ mode: 'closed' });
  const dot = document.createElement('span');
  dot.className = match.matchedBy === 'name' ? 'dot name' : 'dot';
  const sheet = markerSheet();
  if (sheet && 'adoptedStyleSheets' in shadow) {
    shadow.adoptedStyleSheets = [sheet];
    shadow.append(dot);
  } else {
    const style = document.createElement('style');
    style.textContent = STYLE;
    shadow.append(style, dot);
  }
  return host;
}
