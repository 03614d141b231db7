/**
 * The upload form from a meeting neither offers nor picks a contact matched by name that the page
 * contradicts, as the meeting view does not brief them: "Sofia Alvarez" shown by name only (the
 * organizer line, matched by name to the service's only Sofia Alvarez, at Globex) and with an
 * address that is no contact (sofia@partner.example) is not the Globex Sofia for sure, so the
 * recording is not attached to her. When the address shown is that contact's, the two are one
 * person, offered as matched by address.
 */
import { describe, expect, it } from 'vitest';
import type { PanelTarget } from '@/lib/panel/target';
import { draftFromTarget } from '@/lib/upload/draft';
import { match, pagePerson, surface } from '../panel/fixtures';

const globexSofia = match('sofia-globex', 'Sofia Alvarez', 'sofia.alvarez@globex.example', 'name');
const target = (people: ReturnType<typeof pagePerson>[]): PanelTarget => ({
  tabId: 7,
  focus: null,
  status: null,
  page: { site: 'google-calendar', recognised: true, surfaces: [surface(people, { when: 'Tuesday, May 19, 2026⋅10:00 – 10:45am' })] },
});

describe('the upload form from a meeting whose page contradicts a match by name', () => {
  it('neither offers nor picks the contact the meeting view disowned', () => {
    const draft = draftFromTarget(target([pagePerson('Sofia Alvarez', null, globexSofia), pagePerson('Sofia Alvarez', 'sofia@partner.example', null)]));
    expect(draft.contacts.map((contact) => contact.id)).not.toContain('sofia-globex');
    expect(draft.primaryContactId).toBeNull();
  });

  it('still offers the contact when the address shown is that contact (one person, by address)', () => {
    const byAddress = { ...globexSofia, matchedBy: 'email' as const };
    const draft = draftFromTarget(target([pagePerson('Sofia Alvarez', null, globexSofia), pagePerson('Sofia Alvarez', 'sofia.alvarez@globex.example', byAddress)]));
    expect(draft.contacts).toEqual([{ id: 'sofia-globex', name: 'Sofia Alvarez' }]);
  });
});
