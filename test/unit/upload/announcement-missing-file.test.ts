import { describe, expect, it } from 'vitest';
import { announcementOf } from '@/lib/background/uploads';
import { MISSING_FILE } from '@/lib/upload/record';
import { record } from '../popup/records';

describe('announcementOf', () => {
  it('does not send the user to "try again" when the file is gone and the popup offers no Retry', () => {
    // The browser restarted before a copy was kept: the row offers Remove only (retryLabel is null).
    const gone = record({ state: 'failed', failedStep: 'put', error: MISSING_FILE, errorKind: 'not_found' });
    const { message } = announcementOf(gone);
    expect(message).toContain('pick it again');
    expect(message).not.toContain('try again');
  });
});
