/**
 * A webhook address is pasted from the same places as the service address (a config file, a
 * chat message, a sentence): what wraps it is taken off as base-url.ts does, words left beside it
 * are refused (never made part of its path), and so is a host no receiver can have.
 */
import { describe, expect, it } from 'vitest';
import { validateWebhookUrl } from '@/lib/api/webhook-url';

describe('a pasted webhook address', () => {
  it.each(['"https://hooks.example.com/primer"', '<https://hooks.example.com/primer>', '`https://hooks.example.com/primer`'])(
    'is the address without what wraps it: %s',
    (pasted) => {
      // Refused with "This is not a valid web address. It should start with https://." (it does).
      expect(validateWebhookUrl(pasted)).toEqual({ ok: true, url: 'https://hooks.example.com/primer' });
    },
  );

  it('does not turn the words after it into the path the service posts to', () => {
    // Accepted as https://hooks.example.com/primer%20(production): the receiver answers every event 404.
    expect(validateWebhookUrl('https://hooks.example.com/primer (production)')).toEqual({ ok: false, message: expect.stringMatching(/no spaces/) });
  });

  it('refuses a host no receiver can have', () => {
    // Accepted: the service is asked to post to a wildcard.
    expect(validateWebhookUrl('https://*.example.com/primer')).toEqual({ ok: false, message: expect.stringMatching(/wildcard/) });
    expect(validateWebhookUrl('https://hooks.example.com"/primer').ok).toBe(false);
  });
});
