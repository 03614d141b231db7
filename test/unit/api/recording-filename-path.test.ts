/**
 * A recording without a title is shown by its file's name. Servers often send where the file is
 * kept instead (a storage key, a path on the uploader's machine, the file's URL): its name is the
 * last part, not "recordings/7f3e…/2026/11/weekly-sync.m4a" or a signed URL across the panel.
 */
import { expect, it } from 'vitest';
import { toRecording } from '@/lib/api/normalise';

const fileName = (filename: unknown) => toRecording({ id: 'r1', status: 'completed', filename }).filename;

it('shows a file kept under folders by its own name', () => {
  expect(fileName('recordings/7f3e2b1c/2026/11/weekly-sync.m4a')).toBe('weekly-sync.m4a');
  expect(fileName('C:\\Users\\maya\\Recordings\\Pricing call.mp3')).toBe('Pricing call.mp3');
  expect(fileName('/var/uploads/call.wav')).toBe('call.wav');
});

it('shows a file given as its URL by its name, without the query a signed URL carries', () => {
  expect(fileName('https://bucket.s3.amazonaws.com/uploads/Q3%20review.m4a?X-Amz-Signature=abc&X-Amz-Expires=900')).toBe('Q3 review.m4a');
  expect(fileName('s3://bucket/uploads/call.ogg#t=10')).toBe('call.ogg');
});

it('keeps a plain name as it is, and one with nothing after its last slash as written', () => {
  expect(fileName('Pricing call.mp3')).toBe('Pricing call.mp3');
  expect(fileName('uploads/')).toBe('uploads/');
  expect(fileName('100%.mp3')).toBe('100%.mp3');
});
