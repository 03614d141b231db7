/**
 * A service's "nothing here" is not always empty: a list holding a lone dash ("-", "—", as a
 * spreadsheet or a template writes none), or text that is only invisible characters (a zero-width
 * space, a right-to-left mark left from an edit). The normaliser drops blanks and placeholder words
 * ("none", "n/a"), not these; the meeting then raises its red "⚠ Topics to avoid" warning with an
 * entry that reads "— Maya Chen" (the topic invisible) or "- — Maya Chen", and her card says "Avoid"
 * and "Tone" with nothing after them.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { toInsights } from '@/lib/api/normalise';
import { uniqueTopics } from '@/lib/format/text';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('a topic to avoid that shows nothing', () => {
  it('raises no warning and no empty fact', async () => {
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    const dan = match('d', 'Daniel Weiss', 'dan@example.net');
    // As the service sent them, read as the background reads them.
    const raw: Record<string, unknown> = {
      m: { preferred_tone: '\u200F', sensitive_topics: ['\u200B'], recent_topics: ['Budget'] },
      d: { sensitive_topics: ['-'], recent_topics: ['Budget'] },
    };
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(toInsights(raw[contactId], contactId))) });
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    await screen.findByRole('list', { name: 'Topics several attendees share' });
    expect(screen.queryByRole('region', { name: /Topics to avoid/ })).toBeNull();
    expect(screen.queryByText('Tone')).toBeNull();
  });

  it('is left out of a topic list that did not come through the reader (a saved copy)', () => {
    expect(uniqueTopics(['\u200B', '\u200F\u200E', '…', 'Budget'])).toEqual(['Budget']);
  });
});
