/**
 * "Insights updated …" for an update time days after now (a server clock ahead, a time zone written
 * wrong) says nothing, as the last conversation's date gets no "ago" then (relativeDay,
 * lastConversation); a few minutes ahead (clock skew) is still "just now".
 */
import { describe, expect, it } from 'vitest';
import { updatedAgo } from '@/lib/format/provenance';
import { relativeDay } from '@/lib/format/dates';

const NOW = new Date('2026-11-22T12:00:00Z');

describe('an update time days after now', () => {
  it('is not "just now"', () => {
    // As a calendar day it says nothing (relativeDay: further ahead than a time zone's doing).
    expect(relativeDay('2026-11-25', NOW)).toBeNull();
    expect(updatedAgo('2026-11-25', NOW)).toBeNull();
    // As a moment it reads "Insights updated just now." three days early.
    expect(updatedAgo('2026-11-25T12:00:00Z', NOW)).not.toBe('just now');
  });

  it('a few minutes ahead (clock skew) stays "just now"', () => {
    expect(updatedAgo('2026-11-22T12:03:00Z', NOW)).toBe('just now');
  });
});
