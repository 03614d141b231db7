import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PersonBriefing } from '@/components/panel/person/PersonBriefing';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { ApiError } from '@/lib/api/errors';
import type { RecordingPage } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';
import { insights, match, NOW, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const noRecordings: RecordingPage = { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false };
const offline = { kind: 'network' as const, message: 'down', status: null, code: null, retryAfterMs: null };

describe('a last copy whose refresh then fails otherwise', () => {
  beforeEach(() => fakeBrowser.reset());

  it('no longer says "Offline" (nor offers Refresh beside Try again) once the service answered that the key is refused', async () => {
    let calls = 0;
    fakeBackground({
      'contact.insights': () =>
        ++calls === 1
          ? Promise.resolve(reply(insights({ preferredTone: 'friendly' }), { asOf: NOW.getTime() - 3_600_000, problem: offline }))
          : Promise.reject(new ApiError('unauthorized', 'revoked', { status: 401 })),
      'recordings.list': noRecordings,
    });
    renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service did not accept Primer’s API key.');
    expect(within(alert).getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
    // The service answered: it is not offline, and one notice gives the next steps.
    expect(screen.queryByText(/Offline/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });
});

describe('a busy service’s last copy whose next ask is refused', () => {
  beforeEach(() => fakeBrowser.reset());

  it('stops counting down to, and making, asks every interval with a refused key', async () => {
    let calls = 0;
    const busy = { kind: 'rate_limited' as const, message: 'slow', status: 429, code: null, retryAfterMs: 1_000 };
    fakeBackground({
      'contact.insights': () =>
        ++calls === 1
          ? Promise.resolve(reply(insights({ preferredTone: 'friendly' }), { problem: busy }))
          : Promise.reject(new ApiError('unauthorized', 'revoked', { status: 401 })),
      'recordings.list': noRecordings,
    });
    renderWithClient(<PersonBriefing person={{ email: 'maya@example.com', name: 'Maya Chen', match: maya }} onOpenRecording={() => undefined} now={NOW} />);
    // The busy service is asked again after its second: the key is refused.
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('The service did not accept Primer’s API key.');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // Nothing says Primer is asking again, and it does not: only Try again (or a new key) asks.
    expect(screen.queryAllByText(/Primer (will ask|is asking) again/)).toHaveLength(0);
    expect(calls).toBe(2);
  }, 10_000);
});

describe('a meeting shown from last copies whose refresh then fails otherwise', () => {
  beforeEach(() => fakeBrowser.reset());

  it('no longer says "Offline" once the service answered that the key is refused', async () => {
    const dan = match('d', 'Daniel Weiss', 'dan@example.net');
    let calls = 0;
    fakeBackground({
      'contacts.insights': ({ contactIds }) =>
        ++calls === 1
          ? Promise.resolve(contactIds.map((contactId) => ({ ok: true as const, contactId, reply: reply(insights({ contactId, preferredTone: 'friendly' }), { asOf: NOW.getTime() - 3_600_000, problem: offline }) })))
          : Promise.resolve(contactIds.map((contactId) => ({ ok: false as const, contactId, error: new ApiError('unauthorized', 'revoked', { status: 401 }).toInfo() }))),
    });
    renderWithClient(
      <MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service did not accept Primer’s API key.');
    expect(screen.queryByText(/Offline/)).toBeNull();
  });
});
