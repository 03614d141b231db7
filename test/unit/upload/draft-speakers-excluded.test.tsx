/**
 * "Upload a recording of this meeting" (the meeting's offer under "Not in Primer yet", and the
 * button under its title): the form's "Speakers expected" is prefilled from the event's people as
 * the page reports them, and the user. The page leaves out the people in excluded domains (the
 * options suggest the user's own company) without saying how many: they still speak in the
 * meeting, so with any domain excluded the field is left empty for the user to fill, rather than
 * prefilled with too few.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { UploadRecordingButton } from '@/components/panel/meeting/UploadRecordingButton';
import { primePreferences } from '@/components/panel/data/usePreferences';
import { PeopleLookup } from '@/lib/content/lookup';
import { PageScanner } from '@/lib/content/scanner';
import type { PersonQuery } from '@/lib/messaging/protocol';
import type { ContactMatch } from '@/lib/models';
import type { PanelTarget } from '@/lib/panel/target';
import type { SiteAdapter, Surface } from '@/lib/sites/types';
import { DEFAULT_PREFERENCES, PREFERENCES_KEY, type Preferences } from '@/lib/storage/preferences';
import { DRAFT_KEY, draftFromTarget, type UploadDraft } from '@/lib/upload/draft';
import { renderWithClient } from '../support/fake-background';

/** A Calendar-like event: `<div class="s" data-title data-when><span data-mail>…</span></div>`. */
const adapter: SiteAdapter = {
  site: 'google-calendar',
  surfaceSelectors: ['.s'],
  identityAttributes: ['data-mail'],
  readSurface(root): Surface | null {
    const spans = [...root.querySelectorAll<HTMLElement>('span[data-mail]')];
    return {
      kind: 'event',
      root,
      context: { title: root.getAttribute('data-title'), when: root.getAttribute('data-when') },
      people: spans.map((span) => ({ email: span.dataset.mail!.toLowerCase(), name: span.textContent, roles: ['guest'], elements: [span] })),
    };
  },
  recognise: () => true,
  ownAddresses: () => ['me@mycompany.com'],
};

const client: ContactMatch = { contact: { id: 'c', name: 'Carla Client', email: 'carla@client.example', company: null, title: null }, matchedBy: 'email' };

let preferences: Preferences;

beforeEach(() => {
  document.body.innerHTML = '';
  preferences = structuredClone(DEFAULT_PREFERENCES);
});

/** The meeting in view as its page reports it, read with `preferences`: the user, two colleagues, two clients. */
async function meetingInView(): Promise<PanelTarget> {
  const find = vi.fn((people: PersonQuery[]) => Promise.resolve(people.map((p) => ('email' in p && p.email === 'carla@client.example' ? client : null))));
  const scanner = new PageScanner({ adapter, lookup: new PeopleLookup(find), preferences: () => preferences, ownAddresses: () => new Set(['me@mycompany.com']) });
  document.body.innerHTML = `<div class="s" data-title="Contract review" data-when="Tuesday, May 19, 2026⋅10:00 – 10:45am">
    <span data-mail="me@mycompany.com">Me</span>
    <span data-mail="ana@mycompany.com">Ana (colleague)</span>
    <span data-mail="ben@mycompany.com">Ben (colleague)</span>
    <span data-mail="carla@client.example">Carla Client</span>
    <span data-mail="dev@client.example">Dev Client</span>
  </div>`;
  await scanner.scan([...document.querySelectorAll('.s')]);
  return { tabId: 7, focus: null, page: { site: 'google-calendar', recognised: true, surfaces: scanner.pageContext() }, status: null };
}

describe('upload draft from the meeting in view: speakers expected', () => {
  it('counts every speaker when no domain is excluded: the people listed and the user', async () => {
    const draft = draftFromTarget(await meetingInView(), preferences);
    expect(draft.title).toBe('Contract review');
    expect(draft.speakersExpected).toBe(5);
  });

  it('leaves the count to the user when a domain is excluded (its people are not listed, yet speak)', async () => {
    // The user excludes their own company, as the options suggest.
    preferences.excludedDomains = ['mycompany.com'];
    const draft = draftFromTarget(await meetingInView(), preferences);
    expect(draft.title).toBe('Contract review');
    expect(draft.speakersExpected).toBeNull();
  });

  it('the panel’s button hands the form an empty count when the saved preferences exclude a domain', async () => {
    preferences.excludedDomains = ['mycompany.com'];
    const target = await meetingInView();
    await fakeBrowser.storage.sync.set({ [PREFERENCES_KEY]: preferences });
    (fakeBrowser.action as unknown as { openPopup: () => Promise<void> }).openPopup = () => Promise.resolve();
    // Read before the panel renders, as its start does.
    await primePreferences();
    renderWithClient(<UploadRecordingButton target={target} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload a recording of this meeting' }));
    await vi.waitFor(async () => expect((await fakeBrowser.storage.session.get(DRAFT_KEY))[DRAFT_KEY]).toBeDefined());
    const draft = (await fakeBrowser.storage.session.get(DRAFT_KEY))[DRAFT_KEY] as UploadDraft;
    expect(draft.speakersExpected).toBeNull();
    expect(draft.title).toBe('Contract review');
  });
});
