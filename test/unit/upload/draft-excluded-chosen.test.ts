/**
 * The upload form's contact suggestions (draftFromTarget, used by the popup and by the panel's
 * "Upload a recording of this meeting") come from the person or meeting chosen on a card when there
 * is one. A choice made before the user excluded a domain (or added their own address) carries
 * that domain's people with their contact matches: the form does not offer them as the
 * recording's primary contact (nor pick one for the user), as every other view leaves them out at once.
 */
import { expect, it } from 'vitest';
import type { ContactMatch } from '@/lib/models';
import type { PanelTarget } from '@/lib/panel/target';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';
import { draftFromTarget } from '@/lib/upload/draft';

const ana: ContactMatch = { contact: { id: 'c-ana', name: 'Ana Colleague', email: 'ana@mycompany.com', company: null, title: null }, matchedBy: 'email' };
const carla: ContactMatch = { contact: { id: 'c-carla', name: 'Carla Client', email: 'carla@client.example', company: null, title: null }, matchedBy: 'email' };
const excluded = { ...DEFAULT_PREFERENCES, excludedDomains: ['mycompany.com'] };

it('does not offer someone in a domain excluded since the meeting was chosen', () => {
  const target: PanelTarget = {
    tabId: 1,
    status: { recognised: true },
    page: null,
    focus: {
      kind: 'surface',
      surface: {
        kind: 'event',
        title: 'Contract review',
        when: 'Tuesday, May 19, 2026⋅10:00 – 10:45am',
        people: [
          { email: 'ana@mycompany.com', name: 'Ana Colleague', roles: ['organizer'], match: ana },
          { email: 'carla@client.example', name: 'Carla Client', roles: ['guest'], match: carla },
        ],
      },
    },
  };
  const draft = draftFromTarget(target, excluded);
  expect(draft.contacts.map((contact) => contact.id)).toEqual(['c-carla']);
});

it('does not make a person chosen on a card, in a domain excluded since, the primary contact', () => {
  const target: PanelTarget = { tabId: 1, status: { recognised: true }, page: null, focus: { kind: 'person', match: ana } };
  const draft = draftFromTarget(target, excluded);
  expect.soft(draft.primaryContactId).toBeNull();
  expect.soft(draft.contacts).toEqual([]);
});
