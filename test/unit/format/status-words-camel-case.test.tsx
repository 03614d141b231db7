/**
 * Servers that serialise enums by name (.NET's JsonStringEnumConverter, Java's Jackson with
 * PascalCase or camelCase names) send "InProgress", "NotStarted", "inReview". The words shown for
 * them run together: "Inprogress", "Notstarted".
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusAsWords } from '@/lib/format/text';
import { statusLabel } from '@/components/panel/recordings/status';
import { progressOf } from '@/components/popup/upload-text';
import { ActionItemList } from '@/components/panel/person/ActionItemList';
import { toStatus } from '@/lib/api/normalise/recording-status';
import type { UploadRecord } from '@/lib/upload/record';

describe('status words from PascalCase / camelCase servers', () => {
  it('statusAsWords splits words it was sent joined', () => {
    expect(statusAsWords('InProgress')).toBe('In progress');
    expect(statusAsWords('inReview')).toBe('In review');
  });

  it('a recording in progress is not labelled "Inprogress" in the panel', () => {
    const raw = 'InProgress';
    expect(statusLabel({ status: toStatus(raw), rawStatus: raw, progress: 40 })).toBe('Processing · 40%');
  });

  it('an upload processing at the service is not "Service: Inprogress"', () => {
    const record = { state: 'processing', file: { name: 'a.m4a', size: 10, type: 'audio/mp4' }, processingStatus: 'InProgress', processingProgress: null } as unknown as UploadRecord;
    expect(progressOf(record)?.text).toBe('Service: In progress');
  });

  it('a pending item "NotStarted" is an open one: no "Status: Notstarted"', () => {
    render(<ActionItemList items={[{ text: 'Send pricing', owner: null, dueDate: null, status: 'NotStarted' }]} label="Pending action items" now={new Date('2026-11-22T12:00:00')} />);
    expect(screen.getByRole('list', { name: 'Pending action items' })).toHaveTextContent(/^Send pricing$/);
  });
});
