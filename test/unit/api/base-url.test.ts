import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl, permissionPatternFor } from '@/lib/api/base-url';
import { validateWebhookUrl } from '@/lib/api/webhook-url';

describe('normaliseBaseUrl', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://api.example.com///', 'https://api.example.com'],
    ['https://api.example.com/api/v2', 'https://api.example.com'],
    ['https://api.example.com/api/v2/', 'https://api.example.com'],
    // An address copied from a call in the service's documentation: the route goes too.
    ['https://api.example.com/api/v2/contacts?limit=10', 'https://api.example.com'],
    ['https://example.com/ci/API/V2/recordings/rec-1/transcript', 'https://example.com/ci'],
    ['  https://API.example.com/ci/api/V2 ', 'https://api.example.com/ci'],
    ['api.example.com', 'https://api.example.com'],
    ['http://localhost:8787', 'http://localhost:8787'],
    ['http://127.0.0.1:9000/api/v2/', 'http://127.0.0.1:9000'],
  ])('%s → %s', (input, expected) => {
    const result = normaliseBaseUrl(input);
    expect(result.ok && result.baseUrl).toBe(expected);
  });

  it('gives the host permission pattern without the port', () => {
    const result = normaliseBaseUrl('http://127.0.0.1:9000');
    expect(result.ok && result.permissionPattern).toBe('http://127.0.0.1/*');
    expect(result.ok && result.origin).toBe('http://127.0.0.1:9000');
  });

  it.each([
    ['', 'empty'],
    ['http://api.example.com', 'insecure'],
    ['ftp://api.example.com', 'unsupported'],
    ['https://user:pw@api.example.com', 'malformed'],
    ['https://exa mple.com', 'malformed'],
    // The manifest can grant plain http only to localhost and 127.0.0.1: Save would ask for a
    // host the browser refuses outright, and say "allow access" with no prompt to allow it in.
    ['http://[::1]:8787', 'insecure'],
  ])('refuses %j (%s)', (input, reason) => {
    const result = normaliseBaseUrl(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toBe(reason);
  });

  // Taken as a bare host, these became a host named "https" (or "http"), and Save asked for access to it.
  it.each(['https//api.example.com', 'http:/localhost:8787', 'https:/api.example.com', 'HTTPS//api.example.com', 'https:api.example.com'])('refuses the mistyped scheme of %j, saying where', (input) => {
    expect(normaliseBaseUrl(input)).toEqual({
      ok: false,
      reason: 'malformed',
      message: 'Check the start of the address: it should be https:// followed by the host name.',
    });
  });

  it.each([
    ['httpbin.org', 'https://httpbin.org'],
    ['https.example.com', 'https://https.example.com'],
    ['http.example.com', 'https://http.example.com'],
  ])('still takes a host that starts with “http” (%j)', (input, baseUrl) => {
    expect(normaliseBaseUrl(input)).toMatchObject({ ok: true, baseUrl });
  });

  // `https://*/*` would be a permission for every site; `*.example.com` for every host under it.
  it.each(['*', 'https://*', 'https://*/api/v2', '*.example.com', 'https://api.*.example.com', 'https://%2A.example.com', 'http://*:8080'])(
    'refuses the wildcard host in %j, saying why',
    (input) => {
      const result = normaliseBaseUrl(input);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.reason).toBe('wildcard');
      expect(!result.ok && result.message).toBe('Enter the service’s own host name: a * (wildcard) cannot be part of it.');
    },
  );
});

describe('the longest addresses', () => {
  it('refuses a service address longer than a message may carry, saying so (the background refused it with no reason)', () => {
    const path = `/${'p'.repeat(1970)}`;
    expect(normaliseBaseUrl(`https://api.example.com${path}`)).toMatchObject({ ok: true });
    expect(normaliseBaseUrl(`https://api.example.com${path}pppppppppp`)).toEqual({
      ok: false,
      reason: 'malformed',
      message: 'This address is too long to be the service’s: check what was pasted.',
    });
  });

  it('refuses a webhook address with a fragment, which no request carries', () => {
    expect(validateWebhookUrl('https://hooks.example.com/primer#crm')).toEqual({ ok: false, message: 'Leave out the part from # on: it is never sent to the receiver.' });
    // Plain http on this computer is checked as https is.
    expect(validateWebhookUrl('http://localhost:3000/hook#x')).toMatchObject({ ok: false, message: expect.stringContaining('#') });
    expect(validateWebhookUrl('http://user:pw@localhost/hook')).toEqual({ ok: false, message: 'Leave the user name and password out of the address.' });
    expect(validateWebhookUrl('http://127.0.0.1:3000/hook')).toEqual({ ok: true, url: 'http://127.0.0.1:3000/hook' });
    expect(validateWebhookUrl('https://hooks.example.com/primer?to=crm')).toMatchObject({ ok: true });
  });

  it('refuses a webhook address longer than a message may carry, saying so', () => {
    expect(validateWebhookUrl(`https://hooks.example.com/${'h'.repeat(1970)}`)).toMatchObject({ ok: true });
    expect(validateWebhookUrl(`https://hooks.example.com/${'h'.repeat(1980)}`)).toEqual({
      ok: false,
      message: 'This address is too long: the service takes addresses up to 2,000 characters.',
    });
  });
});

describe('permissionPatternFor', () => {
  it('covers the host of an upload URL', () => {
    expect(permissionPatternFor('https://bucket.s3.example.com/a/b?sig=1')).toBe('https://bucket.s3.example.com/*');
    expect(permissionPatternFor('data:text/plain,hi')).toBeNull();
    expect(permissionPatternFor('not a url')).toBeNull();
  });
});
