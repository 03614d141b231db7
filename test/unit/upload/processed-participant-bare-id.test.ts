/**
 * A server that ignored primary_contact_id (null) but lists the chosen contact among the processed
 * recording's participants as the contact itself (`{id, name, email}`) tied the recording to them,
 * as the recordings list counts it: the upload keeps them (the notification says their briefing is
 * up to date, and their cached briefing and recordings are dropped).
 */
import { expect, it } from 'vitest';
import { toRecording } from '@/lib/api/normalise/recordings';
import { announcementOf, changedByProcessing } from '@/lib/background/uploads';
import { checkProcessing, type PollDeps } from '@/lib/upload/poller';
import { clientIgnoringContactFilter } from '../api/served-client';
import { memoryStore, T0, withUrl } from './helpers';

const detail = {
  id: 'rec-1', filename: 'Weekly sync.m4a', title: 'Weekly sync', status: 'completed', progress: 100,
  primary_contact_id: null,
  participants: [{ id: 'c-maya', name: 'Maya Chen', email: 'maya@acme.example' }, { id: 'c-omar', name: 'Omar Haddad', email: 'omar@acme.example' }],
};

it('the list counts the recording as the contact’s (her id among its participants)', async () => {
  const page = await clientIgnoringContactFilter([detail]).listRecordings({ contactId: 'c-maya' });
  expect(page.recordings.map((recording) => recording.id)).toEqual(['rec-1']);
});

it('the poller keeps the contact of a recording that lists her as a participant by her contact id', async () => {
  const watched = withUrl({ state: 'processing', putDone: true, processingStatus: 'queued' });
  expect(watched.meta.primaryContactId).toBe('c-maya');
  const deps: PollDeps = {
    store: memoryStore([watched]), getRecording: () => Promise.resolve(toRecording(detail)), beforeFinish: () => Promise.resolve(), finished: () => Promise.resolve(), now: () => T0 + 60_000,
  };
  const done = await checkProcessing(watched, deps);
  expect(done.state).toBe('completed');
  expect(changedByProcessing('scope', done)).toContain('scope|insights|c-maya');
  expect(announcementOf(done).message).toMatch(/Maya Chen\u2069’s briefing is up to date/);
});
