/**
 * An action item's owner however a reply names it: beside the item as a joined row writes it
 * (`owner_name`, `assignee_name`, `owner_email`), or as a list of assignees (`assignees: ["Dan"]`,
 * `owner: ["Dan", "Maya"]`, people as objects too): the panel's "Owner:" says whose it is.
 */
import { expect, it } from 'vitest';
import { toInsights, toRecordingInsights } from '@/lib/api/normalise';

const owners = (...items: object[]) => toRecordingInsights({ action_items: items }, 'r1').actionItems.map((item) => item.owner);

it('reads an owner given by name or address beside the item', () => {
  expect(owners({ text: 'Send the deck', owner_name: 'Dan Brown' }, { text: 'Book the room', assignee_name: 'Maya Chen' }, { text: 'Share notes', owner_email: 'priya@example.com' })).toEqual([
    'Dan Brown',
    'Maya Chen',
    'priya@example.com',
  ]);
});

it('reads owners given as a list', () => {
  expect(owners({ text: 'Send the deck', assignees: ['Dan Brown'] }, { text: 'Draft the plan', owner: ['Dan Brown', 'Maya Chen'] })).toEqual([
    'Dan Brown',
    'Dan Brown, Maya Chen',
  ]);
  expect(owners({ text: 'Review', assignees: [{ display_name: 'Priya Shah' }, { email: 'dan@example.com' }] }, { text: 'Nobody', assignees: [] })).toEqual([
    'Priya Shah, dan@example.com',
    null,
  ]);
});

it('reads a pending item’s owner the same way in a person’s briefing', () => {
  const items = toInsights({ pending_action_items: [{ text: 'Send the deck', owner_name: 'Dan Brown' }] }, 'c1').pendingActionItems;
  expect(items.map((item) => item.owner)).toEqual(['Dan Brown']);
});

it('reads an owner object naming the person in parts, as a user serializer writes it, before their address', () => {
  expect(
    owners(
      { text: 'Send the deck', owner: { id: 7, first_name: 'Dan', last_name: 'Brown', email: 'dan@example.com' } },
      { text: 'Book the room', assignee: { givenName: 'Maya', familyName: 'Chen' } },
      { text: 'Share notes', assignees: [{ firstName: 'Priya' }, { first_name: 'Dan', last_name: 'Brown' }] },
    ),
  ).toEqual(['Dan Brown', 'Maya Chen', 'Priya, Dan Brown']);
});

it('shows no owner where the reply gives only their id (a foreign key, as Django REST writes one by default)', () => {
  expect(
    owners(
      { text: 'Send the deck', owner: 7 },
      { text: 'Book the room', assignee: '42' },
      { text: 'Share notes', owner: '3f0e2b1c-9a4d-4e2f-8b1a-2c3d4e5f6a7b' },
      { text: 'Draft the plan', assignees: [7, 'Maya Chen'] },
      { text: 'Call back', owner: { id: 7 } },
    ),
  ).toEqual([null, null, null, 'Maya Chen', null]);
  // A name or address beside the id is shown.
  expect(owners({ text: 'Send the deck', owner: 7, owner_name: 'Dan Brown' })).toEqual(['Dan Brown']);
});
