import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadForm } from '@/components/popup/UploadForm';
import { handOverFile } from '@/lib/upload/hand-over';
import { fakeBackground } from '../support/fake-background';
import { EVENT, record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));
vi.mock('@/lib/upload/hand-over', () => ({ handOverFile: vi.fn() }));

const UNREAD = { ...EVENT, meetingDate: null, unreadWhen: 'Dienstag, 19. Mai 2026⋅10:00–10:45' };

describe('UploadForm', () => {
  beforeEach(() => {
    vi.mocked(handOverFile).mockReset();
    vi.mocked(handOverFile).mockImplementation(({ id }) => Promise.resolve(record({ id })));
    fakeBackground({ 'upload.prepare': { ready: true } });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('still says the meeting’s time was not read when the popup opens again and the date was never touched', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 20, 14, 5));
    const user = userEvent.setup();
    const first = render(<UploadForm draft={UNREAD} onStarted={vi.fn()} />);
    expect(screen.getByLabelText('Meeting date')).toHaveAccessibleDescription(/could not read the meeting’s time/);
    // Only the title is edited; the popup then loses focus (a click on the calendar) and closes.
    await user.type(screen.getByLabelText('Title'), ' (part 2)');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    first.unmount();

    // Opened again a few minutes later, on the same meeting.
    vi.setSystemTime(new Date(2026, 4, 20, 14, 9));
    render(<UploadForm draft={UNREAD} onStarted={vi.fn()} />);
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Q3 roadmap review (part 2)'));
    // The date is still not the meeting's: the form must keep saying so, not pass 14:05 off as set.
    expect(screen.getByLabelText('Meeting date')).toHaveAccessibleDescription(/could not read the meeting’s time/);
  });
});
