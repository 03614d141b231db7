/**
 * Codes sent joined by their capitals are split into words ("InProgress" → "In progress"), but only
 * between words of two letters or more, and a code known whole is read whole first: "TimeOut" is a
 * failure, "EnQueued" queued, "UnProcessed" not ready, "iOS" and "eBay" stay whole.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toStatus } from '@/lib/api/normalise/recording-status';
import { statusAsWords } from '@/lib/format/text';
import { statusLabel } from '@/components/panel/recordings/status';
import { ActionItemList } from '@/components/panel/person/ActionItemList';

describe('toStatus after the capital split', () => {
  it('"TimeOut" is still a failure, as "timeout" (and "TimeOut" before the split) was', () => {
    expect(toStatus('timeout')).toBe('failed');
    expect(toStatus('TimeOut')).toBe('failed');
  });

  it('"EnQueued" is still queued, as "enqueued" is', () => {
    expect(toStatus('EnQueued')).toBe('queued');
  });

  it('"UnProcessed" / "PreProcessed" are not a recording ready to read', () => {
    expect(toStatus('UnProcessed')).not.toBe('completed');
    expect(toStatus('PreProcessed')).not.toBe('completed');
    expect(statusLabel({ status: toStatus('UnProcessed'), rawStatus: 'UnProcessed', progress: null })).not.toBe('Ready');
  });
});

describe('statusAsWords after the capital split', () => {
  it('keeps a lower-case prefix word whole ("iOS", "eBay", "iPhone", "macOS")', () => {
    expect(statusAsWords('Blocked on iOS')).toBe('Blocked on ios');
    expect(statusAsWords('Waiting for eBay')).toBe('Waiting for ebay');
    expect(statusAsWords('iPhoneSync')).toBe('Iphone sync');
  });

  it('an action item blocked on iOS is not "Blocked on i os"', () => {
    render(<ActionItemList items={[{ text: 'Ship the fix', owner: null, dueDate: null, status: 'Blocked on iOS' }]} label="Pending action items" now={new Date('2026-11-22T12:00:00')} />);
    expect(screen.getByRole('list', { name: 'Pending action items' })).not.toHaveTextContent(/i os/i);
  });
});
