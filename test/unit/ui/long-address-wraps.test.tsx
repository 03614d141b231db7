/**
 * A service address is one long "word" for line breaking: "." and ":" give no break
 * opportunity (UAX #14), so "https://conversationintelligence.internal.acmecorporation.com" is
 * about 390 px at the panel's 15 px, wider than the 320 px side panel (≈ 270 px of text inside
 * the notice). The popup's messages, the side panel's setup notice and the options page's access
 * note (and its button) must let it break, or the page scrolls sideways (WCAG 1.4.10), and at
 * 200 % text far shorter hosts do.
 *
 * Checked from the stylesheets each page loads: some rule that sets `overflow-wrap: anywhere |
 * break-word` (inherited) must match the element holding the address, or one of its ancestors.
 */
import { readFileSync } from 'node:fs';
import { render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PanelApp } from '@/components/panel/PanelApp';
import { ServiceSettingsForm } from '@/components/options/ServiceSettingsForm';
import type { PanelTarget } from '@/lib/panel/target';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { browserShows } from '../panel/fixtures';
import { settingsView } from '../options/helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const LONG = 'https://conversationintelligence.internal.acmecorporation.com';

/** Selectors of the rules in `files` that let a long word break (overflow-wrap / word-break). */
function wrappingSelectors(files: string[]): string[] {
  const selectors: string[] = [];
  for (const file of files) {
    const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, selector, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      if (/overflow-wrap:\s*(anywhere|break-word)|word-break:\s*(break-all|break-word)/.test(body!)) {
        selectors.push(...selector!.split(',').map((part) => part.trim()).filter(Boolean));
      }
    }
  }
  return selectors;
}

/** The rules among `selectors` that reach `element` (itself or, the property being inherited, an ancestor). */
function wrapsBy(element: Element, selectors: string[]): string[] {
  return selectors.filter((selector) => {
    try {
      return element.closest(selector) !== null;
    } catch {
      return false; // a pseudo-class the test DOM does not know: not a wrapping rule for this text anyway
    }
  });
}

const PANEL_CSS = ['components/ui/theme.css', 'components/ui/ui.css', 'components/panel/panel.css'];
const OPTIONS_CSS = ['components/ui/theme.css', 'components/ui/ui.css', 'components/options/options.css'];

describe('long service addresses wrap instead of widening the page', () => {
  it('in the popup’s messages', () => {
    const host = document.createElement('main');
    host.className = 'popup';
    host.innerHTML = `<p class="ui-message ui-message--error">Primer is not set up yet: enter the API key for ${LONG} first.</p>`;
    document.body.append(host);
    expect(wrapsBy(host.querySelector('p')!, wrappingSelectors([...PANEL_CSS.slice(0, 2), 'components/popup/popup.css']))).not.toEqual([]);
    host.remove();
  });

  it('in the side panel’s “not set up” notice (320 px wide)', async () => {
    fakeBackground({ 'settings.get': { serviceUrl: LONG, hasApiKey: false, apiKeyHint: null, apiKeyAddress: null, locked: { serviceUrl: false, apiKey: false } } });
    const target: PanelTarget = { tabId: 7, focus: null, page: null, status: null };
    await browserShows(target);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={Promise.resolve(target)} />);
    const alert = await screen.findByRole('alert');
    const sentence = within(alert).getByText((_, element) => element?.localName === 'p' && (element.textContent ?? '').includes(LONG));
    expect(sentence).toHaveTextContent(`Enter the API key for ${LONG} in Primer’s options to see briefings.`);
    expect(wrapsBy(sentence, wrappingSelectors(PANEL_CSS)), 'a rule letting the address break').not.toEqual([]);
  });

  it('in the options page’s “not allowed to contact” note and its button (360 px wide, as options.spec checks)', async () => {
    fakeBackground({});
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false as never);
    renderWithClient(<ServiceSettingsForm settings={settingsView({ serviceUrl: LONG })} />);
    const alert = await screen.findByRole('alert');
    const button = within(alert).getByRole('button', { name: `Allow access to ${LONG}` });
    const sentence = within(alert).getByText(/Primer is not allowed to contact/);
    expect(wrapsBy(sentence, wrappingSelectors(OPTIONS_CSS)), 'the note').not.toEqual([]);
    expect(wrapsBy(button, wrappingSelectors(OPTIONS_CSS)), 'the button').not.toEqual([]);
  });
});
