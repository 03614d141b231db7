import { describe, expect, it } from 'vitest';
import { formatBytes } from '@/lib/upload/file-check';
import { progressOf } from '@/components/popup/upload-text';
import { record } from '../popup/records';

describe('formatBytes', () => {
  it('never writes 1024 of a unit, or one decimal on a three-digit number', () => {
    // A quarter of a 4 GiB recording sent, less a few kilobytes.
    const big = record({ state: 'uploading', file: { name: 'All hands.m4a', size: 4 * 1024 ** 3, type: 'audio/mp4' }, sentBytes: 1024 ** 3 - 300 * 1024 });
    expect(progressOf(big)?.text).toBe('1.0 GB of 4.0 GB · 24%');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MB');
    expect(formatBytes(99.96 * 1024)).toBe('100 KB');
  });
});
