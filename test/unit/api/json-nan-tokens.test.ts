/**
 * Python's json.dumps writes a float that is NaN or infinite as the bare words NaN, Infinity and
 * -Infinity unless told not to (Flask's jsonify and Django's JsonResponse do not tell it): a
 * pandas column with a missing value ("sentiment": NaN, "total_conversations": NaN) sends them.
 * JSON.parse refuses them, so the whole briefing failed as "malformed JSON" over one value, often a
 * field Primer does not even read. Outside strings they are read as null (no value); a string
 * holding the word is left alone, and text that is malformed otherwise is still refused.
 */
import { describe, expect, it } from 'vitest';
import { parseJson } from '@/lib/api/json-text';
import { ApiError } from '@/lib/api/errors';
import { clientAnswering } from './served-client';

describe('JSON with the bare words NaN and Infinity', () => {
  it('reads them as no value, outside strings only', () => {
    expect(parseJson('{"a": NaN, "b": [Infinity, -Infinity, 1], "c": "NaN and Infinity", "d": "say \\"NaN\\"", "e": 12345678901234567890, "f":NaN}')).toEqual({
      a: null,
      b: [null, null, 1],
      c: 'NaN and Infinity',
      d: 'say "NaN"',
      e: '12345678901234567890',
      f: null,
    });
  });

  it('still refuses JSON malformed otherwise', () => {
    expect(() => parseJson('{"a": NaN, "b": }')).toThrow(SyntaxError);
    expect(() => parseJson('{"a": NaNa}')).toThrow(SyntaxError);
  });

  it('shows the insights of a Flask or Django service whose reply holds a NaN', async () => {
    const body = '{"contact_id": "c1", "preferred_tone": "warm", "total_conversations": NaN, "sentiment_score": NaN, "recent_topics": ["Q3 roadmap"], "engagement": Infinity}';
    const read = await clientAnswering(200, body).getContactInsights('c1').catch((error: unknown) => error);
    expect(read).not.toBeInstanceOf(ApiError);
    expect(read).toMatchObject({ preferredTone: 'warm', totalConversations: null, recentTopics: ['Q3 roadmap'] });
  });
});
