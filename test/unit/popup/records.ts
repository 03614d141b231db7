/** Upload records, and the form's defaults from an event, for popup tests. */
import type { UploadDraft } from '@/lib/upload/draft';
import { newUploadRecord, type UploadRecord } from '@/lib/upload/record';

/** The form's defaults from a calendar event with two known guests. */
export const EVENT: UploadDraft = {
  title: 'Q3 roadmap review',
  meetingDate: new Date(2026, 4, 19, 10, 0).toISOString(),
  speakersExpected: 4,
  contacts: [
    { id: 'm', name: 'Maya Chen' },
    { id: 'd', name: 'Daniel Weiss' },
  ],
  primaryContactId: null,
};

export function record(patch: Partial<UploadRecord> = {}): UploadRecord {
  const base = newUploadRecord(
    'u1',
    { name: 'Weekly sync.m4a', size: 40 * 1024 * 1024, type: 'audio/mp4' },
    { title: 'Weekly sync', meetingDate: '2026-11-20T10:00:00.000Z', speakersExpected: 3, primaryContactId: 'm', primaryContactName: 'Maya Chen' },
    Date.parse('2026-11-20T11:00:00Z'),
  );
  return { ...base, ...patch };
}
