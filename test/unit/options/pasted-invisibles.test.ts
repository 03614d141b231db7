/**
 * A paste from a chat or a document can bring a zero-width space (or a direction mark) along with
 * an address. The API key field drops them (lib/api/api-key.ts); the address fields did not: the
 * service address became "https://https//api.example.com", a webhook address got "%E2%80%8B" on its
 * path (events posted where no receiver listens), and a domain list refused "example.com".
 */
import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl } from '@/lib/api/base-url';
import { validateWebhookUrl } from '@/lib/api/webhook-url';
import { parseAddressList, parseDomainList } from '@/components/options/domain-list';

const ZWSP = '\u200b';
const LRM = '\u200e';

describe('invisible characters pasted with an address', () => {
  it('are not part of the service address', () => {
    expect(normaliseBaseUrl(`${ZWSP}https://api.example.com`)).toMatchObject({ ok: true, baseUrl: 'https://api.example.com', permissionPattern: 'https://api.example.com/*' });
    expect(normaliseBaseUrl(`${LRM}api.example.com`)).toMatchObject({ ok: true, baseUrl: 'https://api.example.com' });
  });

  it('are not part of a webhook address', () => {
    expect(validateWebhookUrl(`https://hooks.example.com/primer${ZWSP}`)).toEqual({ ok: true, url: 'https://hooks.example.com/primer' });
    expect(validateWebhookUrl(`${ZWSP}https://hooks.example.com/primer`)).toEqual({ ok: true, url: 'https://hooks.example.com/primer' });
  });

  it('are not part of a domain or an address in the lists', () => {
    expect(parseDomainList(`${ZWSP}example.com\npartner.example.org${LRM}`)).toEqual({ ok: true, values: ['example.com', 'partner.example.org'] });
    expect(parseAddressList(`me@example.com${ZWSP}`)).toEqual({ ok: true, values: ['me@example.com'] });
  });
});
