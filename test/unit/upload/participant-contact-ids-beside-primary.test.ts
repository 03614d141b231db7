/**
 * A recording naming another primary contact (Omar, 7) whose participants are contacts themselves
 * ({id, name, email}: Omar's row is his contact id 7, as the recordings list judges it,
 * client.ts idsAreContacts) lists the chosen Maya Chen (contact 12) by her contact id: it is hers
 * too (her briefing's recordings list shows it), and the upload keeps her.
 */
import { expect, it } from 'vitest';
import { toRecording } from '@/lib/api/normalise/recordings';
import { announcementOf } from '@/lib/background/uploads';
import { checkProcessing, type PollDeps } from '@/lib/upload/poller';
import { memoryStore, T0, withUrl } from './helpers';

const detail = {
  id: 'rec-1', filename: 'Weekly sync.m4a', title: 'Weekly sync', status: 'completed', progress: 100,
  primary_contact_id: 7,
  participants: [{ id: 7, name: 'Omar Haddad', email: 'omar@acme.example' }, { id: 12, name: 'Maya Chen', email: 'maya@acme.example' }],
};

it('keeps Maya (contact 12) on a recording tied to Omar (7) whose participants are contacts, her own among them', async () => {
  const watched = withUrl({ state: 'processing', putDone: true, processingStatus: 'queued', meta: { ...withUrl().meta, primaryContactId: '12', primaryContactName: 'Maya Chen' } });
  const deps: PollDeps = {
    store: memoryStore([watched]), getRecording: () => Promise.resolve(toRecording(detail)), beforeFinish: () => Promise.resolve(), finished: () => Promise.resolve(), now: () => T0 + 60_000,
  };
  const done = await checkProcessing(watched, deps);
  expect(done.state).toBe('completed');
  expect(done.meta.primaryContactId).toBe('12');
  expect(announcementOf(done).message).toMatch(/Maya Chen/);
});
