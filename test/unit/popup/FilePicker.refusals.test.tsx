import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FilePicker, type PickedFile } from '@/components/popup/FilePicker';

function Picker() {
  const [picked, setPicked] = useState<PickedFile | null>(null);
  return (
    <>
      <FilePicker picked={picked} onPick={setPicked} />
      <output data-testid="picked">{picked ? picked.file.name : 'none'}</output>
    </>
  );
}

describe('FilePicker', () => {
  it('lets go of a refused file, so choosing the same file again (now written) is seen: Chrome fires no change for the same file', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const input = screen.getByLabelText<HTMLInputElement>('Recording');
    // The recorder had not written the file yet.
    await user.upload(input, new File([], 'Standup.m4a', { type: 'audio/mp4' }));
    expect(screen.getByRole('alert')).toHaveTextContent('“Standup.m4a” is empty.');
    // Still selected, the same path chosen again after the recorder finished fires no `change` in Chrome.
    expect(input.value).toBe('');
  });

  it('says at once when the file cannot be read (a cloud drive’s file not on this computer), instead of taking it', async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const file = new File([new Uint8Array(2048)], 'Board meeting.m4a', { type: 'audio/mp4' });
    // What Chrome does for a file it cannot read: reading any part of it fails.
    file.slice = () => ({ arrayBuffer: () => Promise.reject(new DOMException('The requested file could not be read.', 'NotReadableError')) }) as unknown as Blob;
    await user.upload(screen.getByLabelText('Recording'), file);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/could not read “Board meeting.m4a”/));
    expect(screen.getByTestId('picked')).toHaveTextContent('none');
  });
});
