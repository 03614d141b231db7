/** "Open briefing" on the hover card when the browser will not open the panel from it (Firefox). */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CardWithData, openPanelHint } from '@/components/card/mount';
import { ApiError } from '@/lib/api/errors';
import type { CardRequest } from '@/lib/content/card-api';
import type { ContactMatch } from '@/lib/models';
import { fakeBackground, sent } from '../support/fake-background';

vi.mock('@/lib/messaging/send-card', () => ({ sendCardRequest: vi.fn() }));

const maya: ContactMatch = { contact: { id: 'm', name: 'Maya Chen', email: 'maya.chen@example.com', company: null, title: null }, matchedBy: 'email' };
const insights = {
  insights: {
    contactId: 'm', communicationApproach: null, preferredTone: 'friendly', personalitySummary: null, recentTopics: [], favoriteTopics: [], interests: [],
    sensitiveTopics: [], pendingActionItems: [], lastConversationDate: null, totalConversations: 7,
    flags: { prefersDataDriven: null, prefersDirect: null, valuesRelationships: null, dislikesSmallTalk: null, prefersBrevity: null, dislikesJargon: null },
    updatedAt: null,
  },
  asOf: 0,
  problem: null,
};

const from = { kind: 'event', title: 'Q3 roadmap review', when: 'Tuesday, 19 May · 10:00 – 11:00' } as const;
const onOpenBriefing = vi.fn();

function showCard(onClose = vi.fn()) {
  const request = { match: maya, meeting: null, viaKeyboard: false, from, onOpenBriefing, onClose: () => undefined } as unknown as CardRequest;
  render(<CardWithData request={request} onClose={onClose} />);
  return onClose;
}

describe('Open briefing on the hover card', () => {
  beforeEach(() => {
    onOpenBriefing.mockClear();
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 2, name: 'Primer', version: '1', sidebar_action: {} } as never);
  });

  it('stays open and says how to open the panel when the browser would not open it', async () => {
    fakeBackground({ 'contact.insights': insights, 'panel.focus': { opened: false, shortcut: 'Alt+Shift+P' } });
    const onClose = showCard();
    const card = await screen.findByRole('dialog', { name: 'Briefing: Maya Chen' });
    expect(await within(card).findByText('From 7 conversations.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Open briefing' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'To see the briefing, press Alt+Shift+P, or open Primer’s toolbar button and choose Open briefing: the panel will show Maya Chen.',
    );
    expect(onClose).not.toHaveBeenCalled();
    // The choice was still sent, so the panel shows her when it is opened; with where it was made
    // (forgotten once the page shows another event), and the page told to report what it shows.
    expect(sent('panel.focus')).toEqual([{ focus: { kind: 'person', match: maya, from } }]);
    expect(onOpenBriefing).toHaveBeenCalledOnce();
  });

  it('closes when the panel opened', async () => {
    fakeBackground({ 'contact.insights': insights, 'panel.focus': { opened: true, shortcut: null } });
    const onClose = showCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Open briefing' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says so when Primer’s background cannot be reached', async () => {
    fakeBackground({ 'contact.insights': insights, 'panel.focus': new Error('gone') });
    const onClose = showCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Open briefing' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Primer could not be reached.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says to reload the tab when Primer was updated under the page', async () => {
    fakeBackground({ 'contact.insights': insights, 'panel.focus': new ApiError('extension_reloaded', 'Primer was updated. Reload this tab to use it.') });
    showCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Open briefing' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Primer was updated. Reload this tab to use it.');
  });

  it('still opens, saying Primer was updated, when every extension API throws (the page outlived an update)', async () => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockImplementation(() => {
      throw new Error('Extension context invalidated.');
    });
    fakeBackground({ 'contact.insights': new ApiError('extension_reloaded', 'Primer was updated. Reload this tab to use it.') });
    showCard();
    const card = await screen.findByRole('dialog', { name: 'Briefing: Maya Chen' });
    expect(await within(card).findByText(/Primer was updated\. Reload this tab to use it\./)).toBeInTheDocument();
    // No panel can be opened from here now.
    expect(within(card).queryByRole('button', { name: 'Open briefing' })).toBeNull();
  });

  it('opens Primer’s options through the background when the key was refused, and closes', async () => {
    fakeBackground({
      'contact.insights': new ApiError('unauthorized', 'The service did not accept the API key.'),
      'options.open': {},
    });
    const onClose = showCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Open Primer options' }));
    expect(sent('options.open')).toEqual([{}]);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says Primer could not be reached when the options cannot be opened, and stays open', async () => {
    fakeBackground({ 'contact.insights': new ApiError('not_configured', 'Not set up.'), 'options.open': new Error('gone') });
    const onClose = showCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Open Primer options' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Primer could not be reached.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for the briefing again on Try again, keeping focus in the card', async () => {
    let calls = 0;
    fakeBackground({
      'contact.insights': () => (++calls === 1 ? Promise.reject(new ApiError('timeout', 'The service took too long to answer.')) : Promise.resolve(insights)),
    });
    showCard();
    const card = await screen.findByRole('dialog', { name: 'Briefing: Maya Chen' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('The service took too long to answer.');
    await userEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('From 7 conversations.')).toBeInTheDocument();
    expect(sent('contact.insights')).toEqual([{ contactId: 'm' }, { contactId: 'm' }]);
    expect(within(card).getByRole('button', { name: 'Close briefing' })).toHaveFocus();
  });

  it('words the hint for a meeting, and without a shortcut when the user removed it', () => {
    expect(openPanelHint(null, { kind: 'surface', surface: { kind: 'event', title: 'x', when: null, people: [] } })).toBe(
      'To see the briefing, open Primer’s toolbar button and choose Open briefing: the panel will show the whole meeting.',
    );
  });

  // The button pressed said "Brief everyone on this thread": the hint must not call the thread a meeting.
  it.each([
    ['thread', 'everyone on this thread'],
    ['message', 'everyone on this e-mail'],
    ['compose', 'everyone you are writing to'],
  ] as const)('names the people of a Gmail %s as its button did, not “this meeting”', (kind, people) => {
    expect(openPanelHint('Alt+Shift+P', { kind: 'surface', surface: { kind, title: 'Q3 plan', when: null, people: [] } })).toBe(
      `To see the briefing, press Alt+Shift+P, or open Primer’s toolbar button and choose Open briefing: the panel will show ${people}.`,
    );
  });

  it('names the person the panel will show, saying so of a name match', () => {
    const person = (matchedBy: 'email' | 'name') => ({ kind: 'person' as const, match: { contact: { id: 'm', name: 'Maya Chen', email: 'maya@example.com', company: null, title: null }, matchedBy } });
    expect(openPanelHint('Alt+Shift+P', person('email'))).toBe(
      'To see the briefing, press Alt+Shift+P, or open Primer’s toolbar button and choose Open briefing: the panel will show Maya Chen.',
    );
    expect(openPanelHint(null, person('name'))).toMatch(/the panel will show Maya Chen \(matched by name\)\.$/);
  });
});
