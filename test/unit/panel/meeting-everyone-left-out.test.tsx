/**
 * A meeting chosen on a card whose every attendee is then left out in the options (an excluded
 * domain, the user's own address) says so, with the way to the options, as a person left out does,
 * instead of an empty briefing reading "0 people · 0 in Primer".
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('MeetingBriefing with everyone left out in the options', () => {
  it('says the attendees are left out, with the way to the options, not "0 people" and nothing else', async () => {
    const jonas = match('j', 'Jonas Berg', 'jonas@partner.example');
    const kim = match('k', 'Kim Berg', 'kim@partner.example');
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId, preferredTone: 'warm' }))) });
    renderWithClient(
      <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Jonas Berg', 'jonas@partner.example', jonas), pagePerson('Kim Berg', 'kim@partner.example', kim)])} />,
    );
    await screen.findByRole('region', { name: 'Attendees' });
    await fakeBrowser.storage.sync.set({ preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: ['partner.example'], ownAddresses: [] } });
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Attendees' })).toBeNull());
    try {
      expect(document.body).not.toHaveTextContent('0 people');
      expect(screen.getByRole('status')).toHaveTextContent('Left out. Everyone here is in a domain you excluded in Primer’s options: Primer does not brief them.');
      expect(screen.getByRole('button', { name: /options/i })).toBeInTheDocument();
    } finally {
      await fakeBrowser.storage.sync.remove('preferences');
    }
  });
});
