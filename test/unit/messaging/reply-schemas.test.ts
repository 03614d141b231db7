/**
 * The reply schemas the content scripts bundle are written with the fewest kinds of zod schema
 * (lib/messaging/reply.ts, lib/messaging/content-replies.ts, lib/models/contact.ts,
 * lib/api/error-info.ts): each must accept, refuse
 * and return exactly what the kind it stands for would.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { API_ERROR_KINDS, ApiErrorInfoSchema } from '@/lib/api/error-info';
import { contentProtocol } from '@/lib/messaging/content-protocol';
import { contentReplies } from '@/lib/messaging/content-replies';
import type { ReplyCheck } from '@/lib/messaging/sender';
import { ReplySchema } from '@/lib/messaging/reply';
import { MatchKindSchema } from '@/lib/models/contact';

function sameResults(schema: ReplyCheck<unknown>, reference: z.ZodMiniType, values: unknown[]) {
  for (const value of values) {
    const [result, expected] = [schema.safeParse(value), reference.safeParse(value)];
    expect({ value, success: result.success, data: result.success ? result.data : undefined }).toEqual({ value, success: expected.success, data: expected.data });
  }
}

const error = { kind: 'rate_limited', message: 'wait', status: 429, code: null, retryAfterMs: 1000 };
const ODD = [undefined, null, 0, 1, '', 'email', true, false, [], {}, ['email'], { ok: true }];

describe('the content scripts’ reply schemas', () => {
  it('the reply envelope is the discriminated union on `ok`', () => {
    const discriminated = z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), data: z.unknown() }),
      z.object({ ok: z.literal(false), error: ApiErrorInfoSchema }),
    ]);
    sameResults(ReplySchema, discriminated, [
      ...ODD,
      { ok: true, data: [1, null] },
      { ok: true, data: null, extra: 1 },
      { ok: true, error },
      { ok: false, error },
      { ok: false, error, data: 1 },
      { ok: false, error: { ...error, kind: 'nonsense' } },
      { ok: false, error: { ...error, status: '429' } },
      { ok: false },
      { ok: false, data: 1 },
      { ok: 'true', data: 1 },
      { ok: 1, data: 1 },
      { data: 1 },
    ]);
  });

  it('a match kind and an error kind are the enums of their values', () => {
    sameResults(MatchKindSchema, z.enum(['email', 'name']), [...ODD, 'name', 'Email', 'name ', 'phone']);
    sameResults(ApiErrorInfoSchema.shape.kind, z.enum(API_ERROR_KINDS), [...ODD, ...API_ERROR_KINDS, 'HTTP', 'other', 'timeout ']);
  });

  it('the page replies’ flags are booleans', () => {
    const flags = [0, 1, '', 'true', 'false', true, false, null, undefined, [true], {}];
    sameResults(contentReplies['page.status'], z.object({ recorded: z.boolean() }), [...ODD, ...flags.map((recorded) => ({ recorded })), { recorded: true, extra: 1 }]);
    sameResults(contentReplies['page.left'], z.object({ forgotten: z.boolean() }), [...ODD, ...flags.map((forgotten) => ({ forgotten }))]);
  });

  it('a people.find reply is checked by hand exactly as its schema checks it: every answer, known fields only', () => {
    const contact = { id: 'c1', name: 'Maya Chen', email: 'maya@example.com', company: null, title: 'CTO' };
    const match = { contact, matchedBy: 'email' };
    const answers: unknown[] = [
      ...ODD,
      'failed',
      'Failed',
      match,
      { ...match, matchedBy: 'name' },
      { ...match, matchedBy: 'phone' },
      { contact },
      { matchedBy: 'email' },
      { ...match, extra: 1 },
      { contact: { ...contact, emails: ['other@example.com'] }, matchedBy: 'email' },
      { contact: [], matchedBy: 'email' },
      { contact: null, matchedBy: 'email' },
      Object.assign([], match),
      ...(['id', 'name', 'email', 'company', 'title'] as const).flatMap((field) => {
        const { [field]: _, ...without } = contact;
        return [without, { ...contact, [field]: null }, { ...contact, [field]: undefined }, { ...contact, [field]: 1 }, { ...contact, [field]: '' }].map((c) => ({ contact: c, matchedBy: 'name' }));
      }),
    ];
    sameResults(contentReplies['people.find'], contentProtocol['people.find'].response, [
      ...ODD,
      ...answers.map((answer) => [answer]),
      ...answers.map((answer) => [null, match, answer, 'failed']),
      [null, 'failed', match, { ...match, matchedBy: 'name' }],
      // A hole reads as undefined: no answer.
      [null, , match], // eslint-disable-line no-sparse-arrays
      { 0: null, length: 1 },
    ]);
  });
});
