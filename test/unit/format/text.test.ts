import { describe, expect, it } from 'vitest';
import { SERVER_TEXT_MAX, serverText } from '@/lib/format/text';

describe('serverText', () => {
  it('puts a service’s message on one line, and blank as missing', () => {
    expect(serverText('  Audio could not\n\n\tbe decoded  ')).toBe('Audio could not be decoded');
    expect(serverText(' \n ')).toBeNull();
    expect(serverText(null)).toBeNull();
  });

  it('cuts a long message to the limit with an ellipsis, never through a character', () => {
    const long = `Traceback (most recent call last):\n${'  File "worker.py", line 12, in run\n'.repeat(40)}`;
    const shown = serverText(long)!;
    expect(Array.from(shown)).toHaveLength(SERVER_TEXT_MAX);
    expect(shown).toMatch(/^Traceback \(most recent call last\): File "worker\.py".*…$/);
    expect(shown).not.toMatch(/\s{2}|\n/);
    expect(serverText('x'.repeat(SERVER_TEXT_MAX))).toBe('x'.repeat(SERVER_TEXT_MAX));
    // 😀 is two UTF-16 units: cut by character, not in half.
    expect(serverText('😀'.repeat(300), 5)).toBe('😀😀😀😀…');
  });
});
