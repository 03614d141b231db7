/** The card takes the theme of the page around the person, not the system's. */
import { describe, expect, it } from 'vitest';
import { siteTheme } from '@/components/card/site-theme';

function personOn(html: string): Element {
  document.body.innerHTML = html;
  return document.querySelector('#person')!;
}

describe('siteTheme', () => {
  it('is dark on a dark page (Gmail’s dark theme) on a light system, light on a white page on a dark system', () => {
    expect(siteTheme(personOn('<div style="background-color: rgb(32, 33, 36)"><p><span id="person">Maya</span></p></div>'), () => false)).toBe('dark');
    expect(siteTheme(personOn('<div style="background-color: #ffffff"><span id="person">Maya</span></div>'), () => true)).toBe('light');
  });

  it('goes past see-through backgrounds to the first mostly opaque one', () => {
    const html = '<main style="background-color: rgb(31, 31, 31)"><div style="background-color: rgba(255, 255, 255, 0.1)"><span id="person">Maya</span></div></main>';
    expect(siteTheme(personOn(html), () => false)).toBe('dark');
    expect(siteTheme(personOn('<section style="background-color: rgb(241, 243, 244)"><div style="background-color: rgba(0, 0, 0, 0)"><b id="person">Maya</b></div></section>'), () => true)).toBe('light');
  });

  it('follows the system where the page paints no background behind the person', () => {
    expect(siteTheme(personOn('<div><span id="person">Maya</span></div>'), () => true)).toBe('dark');
    expect(siteTheme(personOn('<div><span id="person">Maya</span></div>'), () => false)).toBe('light');
  });
});
