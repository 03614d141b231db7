/**
 * The picker's one-byte read of a file is answered late (a cloud drive's file
 * being fetched). Its failure must not drop a file picked since in the picker that replaced it
 * after an upload started (UploadForm re-keys the picker on each upload).
 */
import { screen, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { UploadForm } from '@/components/popup/UploadForm';
import { handOverFile } from '@/lib/upload/hand-over';
import { fakeBackground } from '../support/fake-background';
import { EVENT, record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));
vi.mock('@/lib/upload/hand-over', () => ({ handOverFile: vi.fn() }));

it('a late failed read of the last upload’s file does not drop the file picked for the next one', async () => {
  fakeBackground({ 'upload.prepare': { ready: true } });
  vi.mocked(handOverFile).mockImplementation(({ id }) => Promise.resolve(record({ id })));
  const user = userEvent.setup();
  render(<UploadForm draft={EVENT} onStarted={vi.fn()} />);

  // File A: its one-byte read is slow, and fails in the end.
  let failRead!: () => void;
  const a = new File([new Uint8Array(2048)], 'Monday.m4a', { type: 'audio/mp4' });
  a.slice = () => ({ arrayBuffer: () => new Promise((_resolve, reject) => (failRead = () => reject(new DOMException('gone', 'NotReadableError')))) }) as unknown as Blob;
  await user.upload(screen.getByLabelText('Recording'), a);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  await waitFor(() => expect(handOverFile).toHaveBeenCalledTimes(1));

  // The next recording, picked in the new (re-keyed) picker.
  const b = new File([new Uint8Array(2048)], 'Tuesday.m4a', { type: 'audio/mp4' });
  await waitFor(() => expect(screen.getByLabelText('Recording')).toBeEnabled());
  await user.upload(screen.getByLabelText('Recording'), b);
  expect(screen.getByLabelText('Recording')).toHaveAccessibleDescription(/Tuesday\.m4a/);

  failRead();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  await waitFor(() => expect(handOverFile).toHaveBeenCalledTimes(2));
  expect(vi.mocked(handOverFile).mock.calls[1]![0].file).toBe(b);
});
