/**
 * On a server with serial (numeric) ids, participant rows {id, name, email} have numbers of their
 * own that may equal some contact's id. A recording naming another primary contact (Omar, 7) with a
 * participant row 12 (Li Wei) is not the chosen Maya Chen's (contact 12): her name is dropped.
 */
import { expect, it } from 'vitest';
import { toRecording } from '@/lib/api/normalise/recordings';
import { announcementOf } from '@/lib/background/uploads';
import { checkProcessing, type PollDeps } from '@/lib/upload/poller';
import { memoryStore, T0, withUrl } from './helpers';

const detail = {
  id: 'rec-1', filename: 'Weekly sync.m4a', title: 'Weekly sync', status: 'completed', progress: 100,
  primary_contact_id: 7,
  participants: [{ id: 11, name: 'Omar Haddad', email: 'omar@acme.example' }, { id: 12, name: 'Li Wei', email: 'li@acme.example' }],
};

it('does not keep Maya (contact 12) on a recording tied to Omar whose participant row 12 is Li Wei', async () => {
  const watched = withUrl({ state: 'processing', putDone: true, processingStatus: 'queued', meta: { ...withUrl().meta, primaryContactId: '12', primaryContactName: 'Maya Chen' } });
  const deps: PollDeps = {
    store: memoryStore([watched]), getRecording: () => Promise.resolve(toRecording(detail)), beforeFinish: () => Promise.resolve(), finished: () => Promise.resolve(), now: () => T0 + 60_000,
  };
  const done = await checkProcessing(watched, deps);
  expect(done.state).toBe('completed');
  expect(announcementOf(done).message).not.toMatch(/Maya Chen/);
  expect(done.meta.primaryContactId).toBeNull();
});
