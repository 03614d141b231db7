import { render, screen } from '@testing-library/react';
import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { PANEL_CACHE_BUSTER, readPersisted } from '@/components/panel/data/persistence';
import { RecordingsSection } from '@/components/panel/recordings/RecordingsSection';
import { ApiError } from '@/lib/api/errors';
import type { Recording, RecordingPage } from '@/lib/models';
import { fakeBackground } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const HOUR = 3_600_000;
const listed: Recording = {
  id: 'r1', filename: null, title: 'Data platform pricing', meetingDate: '2026-11-07T10:00:00Z', status: 'processing', rawStatus: 'processing',
  progress: 40, primaryContactId: 'm', participants: [], error: null,
};

describe('recordings restored from the saved cache that were a last copy when saved', () => {
  it('say, when asking for newer ones then fails, the age of what is shown, not when the panel was handed the copy', async () => {
    const copyAsOf = Date.now() - 72 * HOUR; // what the background had: three days old
    const handedAt = Date.now() - 20 * HOUR; // when the panel, offline, was answered with it
    const offline = { kind: 'network' as const, message: 'offline', status: null, code: null, retryAfterMs: null };
    const page: RecordingPage = { recordings: [listed], received: 1, total: 1, limit: 3, offset: 0, hasMore: false, copy: { asOf: copyAsOf, problem: offline } };
    const saved = { timestamp: handedAt, buster: PANEL_CACHE_BUSTER, clientState: { mutations: [], queries: [
      { queryKey: ['recordings', 'm'], queryHash: '["recordings","m"]', state: { data: { pages: [page], pageParams: [0] }, dataUpdatedAt: handedAt, status: 'success' } },
    ] } };
    // Reopened: the key may read briefings but not recordings (a 403 the background does not answer from its copy).
    fakeBackground({ 'recordings.list': new ApiError('forbidden', 'no', { status: 403 }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
    hydrate(client, readPersisted(JSON.stringify(saved)).clientState);
    render(<QueryClientProvider client={client}><RecordingsSection contactId="m" onOpen={() => undefined} /></QueryClientProvider>);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Showing them as of/);
    expect(alert.querySelector('time')).toHaveAttribute('dateTime', new Date(copyAsOf).toISOString());
  });
});
