/**
 * A recording the service has finished with is said the same way wherever Primer shows it: the
 * side panel's recordings said "Ready" while the popup's upload list said "Processed" (and the
 * notification "Recording processed"), two words for one state. "Ready" tells the user what it
 * means for them: the recording's transcript and the briefing it feeds are there to read.
 */
import { describe, expect, it } from 'vitest';
import { stateLabel } from '@/components/popup/upload-text';
import { statusLabel } from '@/components/panel/recordings/status';
import { announcementOf } from '@/lib/background/uploads';
import { record } from './records';

describe('a finished recording', () => {
  it('is "Ready" in the side panel, the popup and the notification alike', () => {
    const panel = statusLabel({ status: 'completed', rawStatus: 'completed', progress: null });
    expect(panel).toBe('Ready');
    expect(stateLabel(record({ state: 'completed' }))).toBe(panel);
    expect(announcementOf(record({ state: 'completed' })).title).toBe('Recording ready');
  });
});
