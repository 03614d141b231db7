// @vitest-environment node
/**
 * A 401 or 403 that comes as a web page or an XML body, not the service's JSON: an S3 or
 * CloudFront static site ("AccessDenied"), a firewall's block page, a basic-auth prompt's page.
 * "Test connection" said "The service refused access to contacts with this API key" (or "did not
 * accept this API key"), sending the user to their key when it is the address that is wrong. It
 * now says the address answered with a web page refusing access, not the service, and what to
 * check: the address, and, if that is right, a proxy or firewall in front of the service. A
 * refusal in the service's JSON still speaks of the key.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { testConnection } from '@/lib/api/connection-test';
import { connectionHeadline } from '@/components/options/connection-messages';

function serve(status: number, body: string, type: string | null) {
  return new ServiceClient('https://api.test', 'sk_live_0123456789abcdef', {
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: () => Promise.resolve(new Response(body, { status, headers: type === null ? {} : { 'content-type': type } })),
  });
}

const S3_DENIED = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message><RequestId>4442587FB7D0A2F9</RequestId></Error>';
const BLOCK_PAGE = '<!DOCTYPE html><html><head><title>Access denied</title></head><body><h1>The request was blocked</h1><p>Incident ID: 1234</p></body></html>';
const BASIC_AUTH = '<html>\r\n<head><title>401 Authorization Required</title></head>\r\n<body>\r\n<center><h1>401 Authorization Required</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

describe('testConnection: a refusal answered with a web page', () => {
  it.each<[string, number, string, string | null]>([
    ['S3 or CloudFront’s XML AccessDenied', 403, S3_DENIED, 'application/xml'],
    ['a firewall’s block page', 403, BLOCK_PAGE, 'text/html; charset=utf-8'],
    ['a basic-auth prompt’s page', 401, BASIC_AUTH, 'text/html'],
    ['a web page sent with no type', 403, BLOCK_PAGE, null],
  ])('%s: says the address answered with a web page, not the service, and what to check', async (_, status, body, type) => {
    const result = await testConnection(serve(status, body, type));
    expect(result.ok).toBe(false);
    const headline = connectionHeadline(result);
    const detail = result.ok ? '' : result.message;
    expect(headline).not.toMatch(/API key/);
    expect(headline).toMatch(/web page/);
    expect(detail).toMatch(/not the service’s reply/);
    expect(detail).toMatch(/Check the service address/);
    expect(detail).toMatch(/proxy or firewall in front of the service refused the request/);
    expect(detail).toContain(`status ${status}`);
  });

  it('passes on what an XML refusal said, as the page’s words', async () => {
    const result = await testConnection(serve(403, S3_DENIED, 'application/xml'));
    expect(result.ok ? '' : result.message).toContain('“Access Denied”');
  });

  it('still speaks of the key when the service refuses it in JSON', async () => {
    expect(await testConnection(serve(403, JSON.stringify({ message: 'Invalid API key' }), 'application/json'))).toMatchObject({ reason: 'forbidden' });
    expect(await testConnection(serve(401, JSON.stringify({ error: 'unauthorized' }), 'application/json'))).toMatchObject({ reason: 'bad_key' });
    expect(await testConnection(serve(401, '', null))).toMatchObject({ reason: 'bad_key' });
  });
});
