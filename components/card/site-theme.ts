/**
 * Whether the card should be dark: as dark as the page where the person is, not as the computer's
 * setting (Gmail's dark theme on a light system showed a white card on a dark page; Outlook's light
 * mode on a dark system, a dark card on a white page). The first background behind the person
 * that is mostly opaque decides; a page that paints none (a background image only) leaves it to
 * the system's setting.
 */
export type CardTheme = 'light' | 'dark';

/** `rgb(32, 33, 36)`, `rgba(0, 0, 0, 0)` (or `#202124`) → channels 0–255 and alpha, or null when unreadable. */
function parseColour(value: string): { r: number; g: number; b: number; a: number } | null {
  const hex = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(value.trim());
  if (hex) return { r: Number.parseInt(hex[1]!, 16), g: Number.parseInt(hex[2]!, 16), b: Number.parseInt(hex[3]!, 16), a: 1 };
  const match = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(value.trim());
  if (!match) return null;
  const alphaText = match[4];
  const a = alphaText === undefined ? 1 : alphaText.endsWith('%') ? Number.parseFloat(alphaText) / 100 : Number.parseFloat(alphaText);
  return { r: Number(match[1]), g: Number(match[2]), b: Number(match[3]), a };
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
function luminance({ r, g, b }: { r: number; g: number; b: number }): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Darker than this (mid-grey, #777) is a dark page: the card's dark palette sits on it at 3:1. */
const DARK_BELOW = 0.18;

/**
 * `systemDark`: the system's setting, read where the page's own colour cannot be: a picture behind
 * the person (Gmail's photo themes), or no colour painted at all on a page that lets the browser
 * follow the system (`color-scheme: dark` allowed); a page that does not is on the browser's white.
 */
export function siteTheme(anchor: Element, systemDark: () => boolean = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches): CardTheme {
  const system = (): CardTheme => (systemDark() ? 'dark' : 'light');
  for (let element: Element | null = anchor; element; element = element.parentElement) {
    const style = getComputedStyle(element);
    const colour = parseColour(style.backgroundColor);
    if (colour && colour.a >= 0.5) return luminance(colour) < DARK_BELOW ? 'dark' : 'light';
    if (style.backgroundImage && style.backgroundImage !== 'none') return system();
  }
  return /dark/.test(getComputedStyle(document.documentElement).colorScheme || '') ? system() : 'light';
}
