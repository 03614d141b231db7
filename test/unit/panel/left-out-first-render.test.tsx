/**
 * Someone the user left out in the options (here an excluded domain), chosen before they were: the
 * panel reads the preferences before its first render (primePreferences, which the panel's start
 * waits for as for the target), so their briefing is never drawn, not even for a moment, and the
 * service is asked nothing about them.
 */
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { primePreferences } from '@/components/panel/data/usePreferences';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import type { RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient, sent } from '../support/fake-background';
import { insights, match, NOW, reply } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const noRecordings: RecordingPage = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };

describe('someone left out in the options, chosen before they were', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is never drawn, and nothing is asked about them, when the preferences were read before the first render', async () => {
    await fakeBrowser.storage.sync.set({ preferences: { sites: { 'google-calendar': true, gmail: true, outlook: true }, excludedDomains: ['example.com'], ownAddresses: [] } });
    fakeBackground({ 'contact.insights': reply(insights({ preferredTone: 'warm', totalConversations: 3 })), 'recordings.list': noRecordings });
    await primePreferences();
    const { client } = renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />);
    const drawn = screen.queryByRole('region', { name: 'How to talk to them' }) !== null || screen.queryByRole('region', { name: /Recent recordings/ }) !== null;
    expect(await screen.findByText(/This address is in a domain you excluded/)).toBeInTheDocument();
    expect({ drawn, insights: sent('contact.insights'), recordings: sent('recordings.list'), cached: client.getQueryData(['insights', 'm']) !== undefined }).toEqual({
      drawn: false,
      insights: [],
      recordings: [],
      cached: false,
    });
  });
});
