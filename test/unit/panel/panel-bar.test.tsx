import { readFileSync } from 'node:fs';
import { act, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PanelApp } from '@/components/panel/PanelApp';
import { PANEL_BAR_HEIGHT, usePanelBarHeight } from '@/components/panel/usePanelBarHeight';
import { fakeBackground } from '../support/fake-background';
import { browserShows } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

/** A ResizeObserver the test drives: `resize()` calls back as the browser would. */
function fakeResizeObserver() {
  const callbacks: (() => void)[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {
        callbacks.length = 0;
      }
    },
  );
  return { resize: () => callbacks.forEach((callback) => callback()) };
}

function Bar({ height }: { height: { value: number } }) {
  const ref = useRef<HTMLElement>(null);
  usePanelBarHeight(ref);
  return (
    <header
      ref={(element) => {
        ref.current = element;
        if (element) element.getBoundingClientRect = () => ({ height: height.value }) as DOMRect;
      }}
    />
  );
}

describe('the sticky panel bar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pads the page’s scrolling by its height, so focus is never scrolled under it', () => {
    const css = readFileSync('components/panel/panel.css', 'utf8');
    expect(css).toMatch(/html\s*\{[^}]*scroll-padding-top:\s*calc\(var\(--panel-bar-height,[^)]*\)\s*\+[^;]*;/);
    expect(css).toMatch(/\.panel-bar\s*\{[^}]*position:\s*sticky/);
  });

  it('scrolls away with the page in a short panel, where large text or zoom made it half the panel’s height', () => {
    // At 320 px with text at 200 % the bar (name, label, field, and Find wrapped under it) is about
    // 340 px: stuck at the top of a 720 px panel it hid half of every briefing, and never left.
    // Measured in em, so the browser's text size (and zoom, which shortens the panel in CSS px) counts.
    const css = readFileSync('components/panel/panel.css', 'utf8');
    const query = /@media \(max-height:\s*([\d.]+)em\)\s*\{([\s\S]*?)\n\}/.exec(css);
    expect(query, 'a max-height query in em').not.toBeNull();
    const [, height, body] = query!;
    // 720 px of panel at text 32 px is 22.5em; at 16 px the bar is about 7em, a quarter of 28em.
    expect(Number(height)).toBeGreaterThanOrEqual(28);
    expect(body).toMatch(/\.panel-bar\s*\{[^}]*position:\s*static/);
    // Nothing is stuck at the top there: the scroll padding for it goes too.
    const html = /html\s*\{([^}]*)\}/.exec(body!);
    expect(html?.[1]).toMatch(/scroll-padding-top:/);
    expect(html?.[1]).not.toMatch(/--panel-bar-height/);
  });

  it('keeps the height the padding uses up to date as the bar grows, and removes it when gone', () => {
    const { resize } = fakeResizeObserver();
    const height = { value: 109.6 };
    const { unmount } = render(<Bar height={height} />);
    const root = document.documentElement;
    expect(root.style.getPropertyValue(PANEL_BAR_HEIGHT)).toBe('110px');
    // The search shows an error under it: the bar is taller.
    height.value = 142;
    act(resize);
    expect(root.style.getPropertyValue(PANEL_BAR_HEIGHT)).toBe('142px');
    unmount();
    expect(root.style.getPropertyValue(PANEL_BAR_HEIGHT)).toBe('');
  });

  it('is measured in the panel itself', async () => {
    const measured = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('panel-bar') ? ({ height: 118 } as DOMRect) : measured.call(this);
    });
    fakeBackground({ 'settings.get': { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await browserShows({ tabId: 7, focus: null, page: null, status: null });
    render(<PanelApp client={client} restored={Promise.resolve()} firstTarget={Promise.resolve({ tabId: 7, focus: null, page: null, status: null })} />);
    await screen.findByRole('heading', { level: 1 });
    expect(document.documentElement.style.getPropertyValue(PANEL_BAR_HEIGHT)).toBe('118px');
  });
});
