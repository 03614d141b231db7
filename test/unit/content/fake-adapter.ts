/** A minimal site adapter for runtime tests: surfaces are `.s`, people are `[data-mail]`. */
import type { SiteAdapter, Surface } from '@/lib/sites/types';

export function fakeAdapter(overrides: Partial<SiteAdapter> = {}): SiteAdapter {
  return {
    site: 'gmail',
    surfaceSelectors: ['.s'],
    identityAttributes: ['data-mail'],
    readSurface: (root): Surface => ({
      kind: root.classList.contains('list') ? 'list' : 'thread',
      root,
      context: { title: root.getAttribute('data-title'), when: root.getAttribute('data-when') },
      people: [...root.querySelectorAll<HTMLElement>('[data-mail]')].map((el) => ({
        email: el.dataset.mail!,
        name: el.textContent,
        roles: ['to' as const],
        elements: [el],
      })),
    }),
    recognise: (doc) => doc.querySelector('.s') !== null,
    ownAddresses: () => [],
    ...overrides,
  };
}
