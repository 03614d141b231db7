/** When the popup's form says an upload cannot work from where it is, instead of failing after it is pressed. */
import { describe, expect, it } from 'vitest';
import { privateWindowBlock, uploadBlockedText } from '@/components/popup/upload-blocked';

describe('upload blocked', () => {
  it('says Firefox’s private windows cannot hand a recording over, and nothing elsewhere', () => {
    expect(privateWindowBlock(true, () => true)).toBe(
      'Firefox keeps private windows apart from Primer, so a recording cannot be uploaded from one. Open Primer’s toolbar button in a normal window to upload it.',
    );
    expect(privateWindowBlock(true, () => false)).toBeNull();
    // Chrome runs an extension's private-window pages with its others: the hand-over reaches it.
    expect(privateWindowBlock(false, () => true)).toBeNull();
  });

  it('says a refused key blocks uploads, and nothing else does', () => {
    expect(uploadBlockedText({ problem: 'key_refused', service: 'https://svc.example' })).toMatch(/^Uploads need a working API key/);
    expect(uploadBlockedText(null)).toBeNull();
  });
});
