/**
 * An attendee's card in a meeting is a few short facts (README: "A card's one-line fact is cut at
 * 280 characters"), as the hover card's are. A preferred tone the service wrote as a paragraph, or
 * a topic as long as one, was shown whole on the card: one attendee's card ran to thousands of
 * characters, pushing everyone after them down the meeting, and a screen reader going through the
 * cards read all of it. Cut in the text, with an ellipsis, as the hover card cuts them; the full
 * briefing keeps them whole.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { FACT_MAX } from '@/lib/format/briefing';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.com');
const LONG_TONE = 'Direct and data-driven; open with the numbers, keep it brief. '.repeat(200);
const LONG_TOPIC = 'The Q3 budget and how it was spent across the regional offices '.repeat(100);

async function card(name: string, data: ReturnType<typeof insights>) {
  fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(contactId === 'm' ? data : insights({ contactId, preferredTone: 'friendly' }))) });
  renderWithClient(
    <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.com', dan)])} />,
  );
  const attendees = await screen.findByRole('region', { name: 'Attendees' });
  await vi.waitFor(() => expect(within(attendees).getAllByText('Tone')).toHaveLength(2));
  return within(attendees).getByRole('heading', { name }).closest('li')!;
}

describe('an attendee’s card with long text from the service', () => {
  it('cuts a paragraph-long preferred tone to a fact’s length, with an ellipsis', async () => {
    const item = await card('Maya Chen', insights({ contactId: 'm', preferredTone: LONG_TONE }));
    const tone = within(item).getByText('Tone').nextElementSibling!;
    expect(tone.textContent.length).toBeLessThanOrEqual(FACT_MAX);
    expect(tone.textContent).toMatch(/^Direct and data-driven.*…$/);
    expect(item.textContent.length).toBeLessThan(600);
  });

  it('cuts a long topic to raise and a long topic to avoid, keeping the short ones whole', async () => {
    const item = await card('Maya Chen', insights({ contactId: 'm', preferredTone: 'friendly', recentTopics: [LONG_TOPIC, 'Hiring'], sensitiveTopics: [`Layoffs: ${LONG_TOPIC}`, 'The merger'] }));
    const raise = within(item).getByText('Raise').nextElementSibling as HTMLElement;
    const avoid = within(item).getByText('Avoid').nextElementSibling as HTMLElement;
    expect(within(raise).getByText('Hiring')).toBeInTheDocument();
    expect(within(avoid).getByText('The merger')).toBeInTheDocument();
    for (const topic of [...raise.querySelectorAll('bdi'), ...avoid.querySelectorAll('bdi')]) expect(topic.textContent.length).toBeLessThanOrEqual(80);
    expect(raise.textContent).toMatch(/^The Q3 budget.*…/);
    expect(avoid.textContent).toMatch(/^Layoffs: The Q3 budget.*…/);
    expect(item.textContent.length).toBeLessThan(600);
  });
});
