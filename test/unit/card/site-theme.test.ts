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

  it('follows the system where the page paints no colour behind the person and lets the browser follow it, else is light', () => {
    document.documentElement.style.colorScheme = 'light dark';
    try {
      expect(siteTheme(personOn('<div><span id="person">Maya</span></div>'), () => true)).toBe('dark');
      expect(siteTheme(personOn('<div><span id="person">Maya</span></div>'), () => false)).toBe('light');
    } finally {
      document.documentElement.style.colorScheme = '';
    }
    // A page that declares no colour scheme is on the browser's white, whatever the system.
    expect(siteTheme(personOn('<div><span id="person">Maya</span></div>'), () => true)).toBe('light');
  });

  it('follows the system over a picture behind the person (a photo theme), not the white page under it', () => {
    const html = '<div style="background-image: url(data:image/png;base64,AAAA)"><div style="background-color: rgba(0, 0, 0, 0.3)"><span id="person">Maya</span></div></div>';
    document.body.style.backgroundColor = '#ffffff';
    try {
      expect(siteTheme(personOn(html), () => true)).toBe('dark');
      expect(siteTheme(personOn(html), () => false)).toBe('light');
    } finally {
      document.body.style.backgroundColor = '';
    }
  });
});
