/**
 * Primer sends title, meeting_date and primary_contact_id beside the four fields the interface
 * shows for an upload (§2.3). A server that ignores fields it does not know creates the recording
 * with no primary contact. When processing ends and the recording shows it is not the chosen
 * contact's, the notification does not say their briefing is up to date (it did not change).
 * A recording that lists them among its participants is theirs, and one from a server whose
 * recordings say nothing of a primary contact (no such field at all) keeps the contact chosen.
 */
import { expect, it, vi } from 'vitest';
import { toRecording } from '@/lib/api/normalise/recordings';
import { announcementOf } from '@/lib/background/uploads';
import type { Recording } from '@/lib/models';
import { checkProcessing, type PollDeps } from '@/lib/upload/poller';
import { memoryStore, T0, withUrl } from './helpers';

it('does not say the chosen contact’s briefing is up to date when the processed recording names no such contact', async () => {
  // What GET /api/v2/recordings/:id answers on a server that ignored primary_contact_id.
  const processed: Recording = {
    id: 'rec-1', filename: 'Weekly sync.m4a', title: 'Weekly sync', meetingDate: null, status: 'completed', rawStatus: 'completed',
    progress: 100, primaryContactId: null, participants: [], error: null,
  };
  const watched = withUrl({ state: 'processing', putDone: true, processingStatus: 'queued' });
  expect(watched.meta.primaryContactName).toBe('Maya Chen');
  const store = memoryStore([watched]);
  const finished = vi.fn<PollDeps['finished']>(() => Promise.resolve());
  const deps: PollDeps = { store, getRecording: () => Promise.resolve(processed), beforeFinish: () => Promise.resolve(), finished, now: () => T0 + 60_000 };

  const done = await checkProcessing(watched, deps);
  expect(done.state).toBe('completed');
  // The service's recording has no primary contact: nothing of Maya Chen's was updated.
  expect(announcementOf(done).message).not.toMatch(/Maya Chen\u2069’s briefing is up to date/);
});

async function processedAs(processed: Recording): Promise<string> {
  const watched = withUrl({ state: 'processing', putDone: true, processingStatus: 'queued' });
  const deps: PollDeps = {
    store: memoryStore([watched]), getRecording: () => Promise.resolve(processed), beforeFinish: () => Promise.resolve(), finished: () => Promise.resolve(), now: () => T0 + 60_000,
  };
  return announcementOf(await checkProcessing(watched, deps)).message;
}

const detail = { id: 'rec-1', filename: 'Weekly sync.m4a', title: 'Weekly sync', status: 'completed', progress: 100 };

it.each([
  ['says it has none', { ...detail, primary_contact_id: null, participants: [] }, false],
  ['names another contact', { ...detail, primary_contact_id: 'c-omar', participants: [{ contact_id: 'c-omar', name: 'Omar Haddad' }] }, false],
  ['names her', { ...detail, primary_contact_id: 'c-maya', participants: [] }, true],
  ['lists her among its participants', { ...detail, primary_contact_id: null, participants: [{ contact_id: 'c-maya', name: 'Maya Chen' }] }, true],
  ['says nothing of a primary contact', { ...detail, participants: [] }, true],
])('names the chosen contact’s briefing only if the recording is not shown to be someone else’s: one that %s', async (_what, body, named) => {
  const message = await processedAs(toRecording(body));
  expect(message.includes('Maya Chen\u2069’s briefing is up to date')).toBe(named);
});
