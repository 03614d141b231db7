/**
 * A meeting or thread with no title is headed "This meeting" / "This conversation"; inside a
 * sentence it is lower-case: "Briefing of this conversation loaded.", not "Briefing of This conversation loaded."
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PanelAnnouncer } from '@/components/panel/announcer';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('untitled surface in the loaded announcement', () => {
  it('does not read "Briefing of This conversation loaded."', async () => {
    const maya = match('m', 'Maya Chen', 'maya@example.com');
    const dan = match('d', 'Daniel Weiss', 'dan@example.net');
    const answers: (() => void)[] = [];
    fakeBackground({
      'contact.insights': ({ contactId }) => new Promise((resolve) => answers.push(() => resolve(reply(insights({ contactId, preferredTone: 'warm' }))))),
    });
    renderWithClient(
      <>
        <PanelAnnouncer />
        <MeetingBriefing
          now={NOW}
          onOpenPerson={() => undefined}
          surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)], { kind: 'thread', title: null, when: null })}
        />
      </>,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('This conversation');
    const region = document.querySelector('[aria-live="polite"][data-unsaved]')!;
    await vi.waitFor(() => expect(answers.length).toBe(2));
    answers.forEach((answer) => answer());
    await vi.waitFor(() => expect(region.textContent).toMatch(/loaded\./));
    expect(region.textContent).toBe('Briefing of this conversation loaded.');
  });
});
