/** Upload records for popup tests. */
import { newUploadRecord, type UploadRecord } from '@/lib/upload/record';

export function record(patch: Partial<UploadRecord> = {}): UploadRecord {
  const base = newUploadRecord(
    'u1',
    { name: 'Weekly sync.m4a', size: 40 * 1024 * 1024, type: 'audio/mp4' },
    { title: 'Weekly sync', meetingDate: '2026-11-20T10:00:00.000Z', speakersExpected: 3, primaryContactId: 'm', primaryContactName: 'Maya Chen' },
    Date.parse('2026-11-20T11:00:00Z'),
  );
  return { ...base, ...patch };
}
