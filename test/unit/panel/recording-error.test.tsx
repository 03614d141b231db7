import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RecordingDetail } from '@/components/panel/recordings/RecordingDetail';
import type { Recording } from '@/lib/models';
import { fakeBackground, renderWithClient } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const failed: Recording = {
  id: 'c', filename: 'c.mp3', title: 'Call c', meetingDate: '2026-11-19T15:00:00Z', status: 'failed', rawStatus: 'failed',
  progress: null, primaryContactId: 'm', participants: [], error: null,
};

describe('RecordingDetail', () => {
  it('shows a long processing error from the service on one line and cut short, as text', async () => {
    const error = `<b>Worker crashed</b>\n\n${'at decode (ffmpeg.c:42)\n'.repeat(50)}`;
    fakeBackground({ 'recording.get': { ...failed, error }, 'recording.insights': null, 'recording.transcript': { recordingId: 'c', segments: [] } });
    renderWithClient(<RecordingDetail id="c" onBack={() => undefined} backLabel="Back" />);
    const shown = await screen.findByText((_, element) => element?.tagName === 'P' && /^Processing failed: /.test(element.textContent ?? ''));
    expect(shown.textContent).toMatch(/^Processing failed: <b>Worker crashed<\/b> at decode \(ffmpeg\.c:42\) at decode .*…$/);
    expect(shown.textContent?.length).toBeLessThanOrEqual('Processing failed: '.length + 200);
    expect(shown.querySelector('b')).toBeNull();
  });
});
