/**
 * A pending list may hold items a tracker closed with a word of its own: "finished", "dismissed",
 * "archived" (Asana, Linear, Todoist). Shown as pending they would count in "N action items" and be
 * marked overdue on the day of the meeting, for work nobody owes any more.
 */
import { describe, expect, it } from 'vitest';
import { toActionItems } from '@/lib/api/normalise/action-items';

describe('action items closed with another word', () => {
  it.each(['finished', 'Dismissed', 'ARCHIVED', 'won’t do', "won't do", 'wont_do', 'obsolete'])('"%s" is not pending', (status) => {
    const items = toActionItems([{ text: 'Send the deck', status, due_date: '2020-01-01' }, { text: 'Book the room', status: 'open' }], { pendingOnly: true });
    expect(items.map((item) => item.text)).toEqual(['Book the room']);
  });

  it('a recording’s own item with such a status is kept, said done (never overdue)', () => {
    const [item] = toActionItems([{ text: 'Send the deck', status: 'finished', due_date: '2020-01-01' }], { pendingOnly: false, ofRecording: true });
    expect(item).toMatchObject({ text: 'Send the deck', done: true });
  });

  it('statuses of open work stay pending', () => {
    const statuses = ['open', 'pending', 'in progress', 'todo', 'blocked', 'waiting'];
    const items = toActionItems(statuses.map((status) => ({ text: status, status })), { pendingOnly: true });
    expect(items.map((item) => item.text)).toEqual(statuses);
  });
});
