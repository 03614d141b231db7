import { describe, expect, it } from 'vitest';
import { meetingWhen, progressOf, retryLabel, sameFileNote, stateLabel } from '@/components/popup/upload-text';
import { fromLocalInput, toLocalInput } from '@/components/popup/date-input';
import { titleFromFileName } from '@/components/popup/UploadForm';
import { record } from './records';

describe('upload text', () => {
  it('shows bytes and percent while sending, the full size once finishing', () => {
    expect(progressOf(record({ state: 'uploading', sentBytes: 10 * 1024 * 1024 }))).toEqual({ percent: 25, text: '10.0 MB of 40.0 MB · 25%' });
    expect(progressOf(record({ state: 'uploading', sentBytes: 99 * 1024 * 1024 }))?.percent).toBe(100);
    expect(progressOf(record({ state: 'completing' }))).toEqual({ percent: 100, text: '40.0 MB of 40.0 MB · 100%' });
    expect(progressOf(record({ state: 'requesting-url' }))?.percent).toBe(0);
  });

  it('shows the service’s processing status, with an indeterminate bar when it gives no progress', () => {
    expect(progressOf(record({ state: 'processing', processingStatus: 'transcribing', processingProgress: 40.4 }))).toEqual({ percent: 40, text: 'Service: Transcribing · 40%' });
    expect(progressOf(record({ state: 'processing', processingStatus: 'pending_upload', processingProgress: null }))).toEqual({ percent: null, text: 'Service: Pending upload' });
    // The service's code word read as the panel reads a recording's: codeAsWords (lib/format/text.ts).
    expect(progressOf(record({ state: 'processing', processingStatus: 'AUDIO-PROCESSING', processingProgress: null }))?.text).toBe('Service: Audio processing');
    expect(progressOf(record({ state: 'processing', processingStatus: null, processingProgress: null }))?.text).toBe('Service: Queued');
    expect(progressOf(record({ state: 'processing', processingStatus: '  ', processingProgress: null }))?.text).toBe('Service: Queued');
    // A number (a .NET enum) names no state Primer knows: said to be unknown, not shown as "2".
    expect(progressOf(record({ state: 'processing', processingStatus: '2', processingProgress: null }))?.text).toBe('Service: Unknown status (2)');
    expect(progressOf(record({ state: 'completed' }))).toBeNull();
  });

  it('names the failed step, and what retry does', () => {
    expect(stateLabel(record({ state: 'failed', failedStep: 'complete' }))).toBe('Failed while telling the service the file has arrived');
    expect(stateLabel(record({ state: 'failed', failedStep: 'put', needsAccess: 'https://s3.example/*' }))).toBe('Needs your permission');
    expect(retryLabel(record({ state: 'failed', failedStep: 'put', needsAccess: 'https://s3.example/*' }))).toBe('Allow and upload');
    expect(retryLabel(record({ state: 'failed', failedStep: 'complete', putDone: true }))).toBe('Retry finishing');
    expect(retryLabel(record({ state: 'failed', failedStep: 'request-url' }))).toBe('Retry');
    // The service asks for a form upload (S3's presigned POST): each Retry would make another recording, refused alike.
    expect(retryLabel(record({ state: 'failed', failedStep: 'request-url', errorKind: 'invalid_response', error: 'The service asks for the recording as a form upload (POST with form fields); Primer sends it with PUT, as the interface shows.' }))).toBeNull();
    expect(retryLabel(record({ state: 'failed', failedStep: 'processing' }))).toBeNull();
    expect(retryLabel(record({ state: 'cancelled' }))).toBe('Resume');
    expect(retryLabel(record({ state: 'uploading' }))).toBeNull();
    // The file no longer held: a retry would only make another recording and fail the same way.
    expect(retryLabel(record({ state: 'failed', failedStep: 'put', errorKind: 'not_found', error: 'The recording’s file is no longer available to Primer; pick it again.' }))).toBeNull();
    expect(retryLabel(record({ state: 'failed', failedStep: 'put', errorKind: 'network' }))).toBe('Retry');
    // Storage's own 404 (a place not there yet) may pass with a new URL: Retry stays.
    expect(retryLabel(record({ state: 'failed', failedStep: 'put', errorKind: 'not_found', error: 'The upload server answered 404: NoSuchUpload' }))).toBe('Retry');
  });

  it('says when the meeting was', () => {
    const now = new Date(2026, 10, 22, 15, 0);
    expect(meetingWhen(new Date(2026, 10, 22, 9, 30).toISOString(), now)).toMatch(/^today /);
    expect(meetingWhen(new Date(2026, 2, 3, 9, 30).toISOString(), now)).toMatch(/2026/);
    expect(meetingWhen('not a date', now)).toBe('');
  });

  it('says when a file picked was uploaded before (same name and size), not when that upload failed or was cancelled', () => {
    const now = new Date(2026, 10, 22, 15, 0);
    const file = { name: 'Weekly sync.m4a', size: 40 * 1024 * 1024 };
    const done = record({ id: 'a', state: 'completed', createdAt: new Date(2026, 10, 22, 11, 5).getTime(), meta: { ...record().meta, title: 'Weekly sync' } });
    expect(sameFileNote([done], file, now)).toMatch(/^You uploaded this file today 0?11:05( AM)?, as “Weekly sync”: uploading it again makes a second recording\.$/);
    const older = record({ id: 'b', state: 'processing', createdAt: new Date(2026, 2, 3, 9, 30).getTime(), meta: { ...record().meta, title: 'March sync' } });
    expect(sameFileNote([older], file, now)).toMatch(/^You uploaded this file on (3 Mar 2026|Mar 3, 2026),? 0?9:30( AM)?, as “March sync”/);
    // The latest of several; one on its way is said as such.
    const sending = record({ id: 'c', state: 'uploading', createdAt: new Date(2026, 10, 22, 14, 59).getTime(), meta: { ...record().meta, title: 'Now' } });
    expect(sameFileNote([older, sending, done], file, now)).toBe('This file is being uploaded now, as “Now”.');
    expect(sameFileNote([record({ state: 'failed' }), record({ state: 'cancelled' })], file, now)).toBeNull();
    expect(sameFileNote([done], { ...file, size: file.size + 1 }, now)).toBeNull();
    expect(sameFileNote([done], { ...file, name: 'Other.m4a' }, now)).toBeNull();
  });

  it('turns local date inputs into timestamps and back', () => {
    const date = new Date(2026, 4, 19, 10, 5);
    expect(toLocalInput(date)).toBe('2026-05-19T10:05');
    expect(fromLocalInput('2026-05-19T10:05')).toBe(date.toISOString());
    expect(fromLocalInput('2026-02-30T10:05')).toBeNull();
    expect(fromLocalInput('')).toBeNull();
    // A year typed short is no meeting's (new Date reads 26 as 1926), nor one years ahead.
    expect(fromLocalInput('0026-05-19T10:05', new Date(2026, 10, 28))).toBeNull();
    expect(fromLocalInput('1999-12-31T10:05', new Date(2026, 10, 28))).toBeNull();
    expect(fromLocalInput('2028-01-01T10:05', new Date(2026, 10, 28))).toBeNull();
    expect(fromLocalInput('2027-12-31T10:05', new Date(2026, 10, 28))).toBe(new Date(2027, 11, 31, 10, 5).toISOString());
  });

  it('titles a recording after its file', () => {
    expect(titleFromFileName('Weekly sync.m4a')).toBe('Weekly sync');
    expect(titleFromFileName('call.2026.11.20.wav')).toBe('call.2026.11.20');
    expect(titleFromFileName('.wav')).toBe('.wav');
  });
});
