/**
 * The names of people not in Primer (and of those shown by name only) are page text in another
 * script as often as attendees' names are: isolated as the rest of the meeting isolates them
 * (bidi.test.tsx), so an Arabic name does not pull the address beside it into its own order.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('MeetingBriefing: names of people not in Primer, in another script', () => {
  it('isolates each name from the address beside it', async () => {
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    fakeBackground({ 'contact.find': () => Promise.resolve(null), 'contact.insights': () => Promise.resolve(reply(insights({ contactId: 'm' }))) });
    renderWithClient(
      <MeetingBriefing
        now={NOW}
        onOpenPerson={() => undefined}
        surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('علي حسن', '2024.ali@x.test', null), pagePerson('דנה כהן', null, null)])}
      />,
    );
    const notYet = await screen.findByRole('region', { name: 'Not in Primer yet (1)' });
    const item = within(notYet).getByRole('listitem');
    expect(item).toHaveTextContent('علي حسن 2024.ali@x.test');
    // As on an attendee's card (<bdi>): "علي حسن 2024.ali@x.test" is otherwise shown with "2024" moved into the Arabic run.
    expect(item.firstElementChild?.tagName).toBe('BDI');
    expect(item.firstElementChild).toHaveTextContent(/^علي حسن$/);
    expect(within(item).getByText('2024.ali@x.test').tagName).toBe('BDI');
    const byName = await screen.findByRole('region', { name: 'Shown by name only (1)' });
    expect(within(byName).getByRole('listitem').firstElementChild?.tagName).toBe('BDI');
  });
});
