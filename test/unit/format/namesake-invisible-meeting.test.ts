/**
 * Two attendees whose names differ only by an invisible character (one "Maya Chen" with a
 * direction mark an import added) look alike on every screen: the meeting briefing tells them
 * apart by address, as it does two attendees with exactly the same name.
 */
import { expect, it } from 'vitest';
import { namesakeDetails } from '@/lib/format/meeting';

it('tells apart two attendees whose names differ only by a direction mark', () => {
  const details = namesakeDetails([
    { id: 'a', name: 'Maya Chen', email: 'maya@acme.example' },
    { id: 'b', name: 'Maya Chen\u200F', email: 'maya.chen@globex.example' },
  ]);
  expect(details.get('a')).toBe('maya@acme.example');
  expect(details.get('b')).toBe('maya.chen@globex.example');
});

it('(as before) tells apart two attendees with exactly the same name', () => {
  const details = namesakeDetails([
    { id: 'a', name: 'Maya Chen', email: 'maya@acme.example' },
    { id: 'b', name: 'Maya Chen', email: 'maya.chen@globex.example' },
  ]);
  expect(details.get('a')).toBe('maya@acme.example');
});

it('tells namesakes who share an address apart by number, which the address cannot do (two contacts of one mailbox)', () => {
  const details = namesakeDetails([
    { id: 'a', name: 'Maya Chen', email: 'team@acme.example' },
    { id: 'b', name: 'Maya Chen', email: 'Team@Acme.example ' },
    { id: 'c', name: 'Maya Chen', email: 'maya.chen@globex.example' },
  ]);
  expect(details.get('a')).toBe('1');
  expect(details.get('b')).toBe('2');
  // The third's address is hers alone: it tells her apart.
  expect(details.get('c')).toBe('maya.chen@globex.example');
});
