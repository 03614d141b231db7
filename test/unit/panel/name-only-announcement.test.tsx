/**
 * Someone the page showed by name only, whom no single contact matches: the polite announcement
 * says what the note on screen says (shown by name only), never "not in Primer yet", which they may
 * well be, under their address.
 */
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PanelAnnouncer } from '@/components/panel/announcer';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import { fakeBackground } from '../support/fake-background';
import { NOW } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('what a screen reader is told of someone shown by name only', () => {
  beforeEach(() => fakeBrowser.reset());

  it('does not announce “not in Primer yet” where the note on screen carefully does not say it', async () => {
    let answer: (value: null) => void = () => undefined;
    fakeBackground({ 'contact.find': () => new Promise((resolve) => (answer = resolve)) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <PanelAnnouncer />
        <PersonBriefing person={{ email: null, name: 'Sam Taylor', match: null }} onOpenRecording={() => undefined} now={NOW} />
      </QueryClientProvider>,
    );
    await screen.findByRole('status', { name: 'Looking up this person' });
    answer(null);
    const note = (await screen.findByText('Shown by name only.')).closest('[role="status"]');
    // On screen: two contacts may share the name, so Primer does not say the person is unknown to it.
    expect(note).not.toHaveTextContent(/Not in Primer/);
    const region = document.querySelector('[aria-live="polite"][data-unsaved]')!;
    await vi.waitFor(() => expect(region).toHaveTextContent('Sam Taylor is shown by name only: no single contact has exactly this full name.'));
    expect(region).not.toHaveTextContent(/not in Primer/);
  });
});
