/**
 * A key copied from a .env file, JSON or a Markdown note comes with its quotes ("sk_…", 'sk_…',
 * `sk_…`): they are no part of it (saved with it, the service refused the key, and every open site
 * tab's button went `off`). Curly quotes are refused at the field, as a sign the copy changed it.
 */
import { describe, expect, it } from 'vitest';
import { cleanApiKey } from '@/lib/api/api-key';

describe('a key pasted with the quotes around it', () => {
  it.each(['"sk_live_1234"', "'sk_live_1234'", '`sk_live_1234`'])('%s is the key without its quotes, or is refused at the field', (pasted) => {
    const result = cleanApiKey(pasted);
    if (result.ok) expect(result.key).toBe('sk_live_1234');
    else expect(result.message).toMatch(/quote|copy the key again/);
  });
});
