/**
 * A recording that names no main contact (uploaded without one: primary_contact_id null, or not
 * said) and whose participants are all contacts, none of them this person, is not theirs. On a
 * server ignoring the contact filter such recordings were kept in every person's list: another
 * contact's meetings under this person's name.
 */
import { expect, it } from 'vitest';
import { clientIgnoringContactFilter } from './served-client';

const ids = async (account: unknown[]) => (await clientIgnoringContactFilter(account).listRecordings({ contactId: 'c1', limit: 10, offset: 0 })).recordings.map((recording) => recording.id);

it('leaves out a recording with no main contact whose participants are all someone else', async () => {
  expect(
    await ids([
      { id: 'r1', status: 'completed', primary_contact_id: 'c2', participants: [{ contact_id: 'c2' }] },
      { id: 'r2', status: 'completed', primary_contact_id: null, participants: [{ contact_id: 'c3' }, { contact_id: 'c4' }] },
      { id: 'r3', status: 'completed', participants: [{ contact_id: 'c3' }] },
      { id: 'r4', status: 'completed', primary_contact_id: 'c1', participants: [{ contact_id: 'c1' }] },
    ]),
  ).toEqual(['r4']);
});

it('keeps one with no main contact where they are a participant, or where a participant may be them, or none are listed', async () => {
  expect(
    await ids([
      { id: 'r1', status: 'completed', primary_contact_id: 'c2', participants: [{ contact_id: 'c2' }] },
      { id: 'r2', status: 'completed', primary_contact_id: null, participants: [{ contact_id: 'c3' }, { contact_id: 'c1' }] },
      { id: 'r3', status: 'completed', primary_contact_id: null, participants: [{ contact_id: 'c3' }, 'maya@x.test'] },
      { id: 'r4', status: 'processing', primary_contact_id: null, participants: [] },
    ]),
  ).toEqual(['r2', 'r3', 'r4']);
});
