/**
 * A webhook list paged by `Link` header (GitHub's and GitLab's style: a bare array per page, the
 * next page named only in `Link: <…?page=2>; rel="next"`): every page is listed, as for the
 * contact list, so webhooks on later pages can be deleted and Create warns of an address there.
 * A link to another origin is not followed (the key goes wherever the query is sent).
 */
import { expect, it } from 'vitest';
import { servedClient } from './served-client';

const hook = (id: number) => ({ id, url: `https://hooks.example.com/${id}`, events: ['insights.generated'], active: true });

it('reads every page a Link header names', async () => {
  const client = servedClient((url) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (page === 1) headers.link = '<https://api.test/api/v2/webhooks?page=2&per_page=2>; rel="next", <https://api.test/api/v2/webhooks?page=2&per_page=2>; rel="last"';
    else headers.link = '<https://api.test/api/v2/webhooks?page=1&per_page=2>; rel="prev", <https://api.test/api/v2/webhooks?page=1&per_page=2>; rel="first"';
    const body = page === 1 ? [hook(1), hook(2)] : [hook(3)];
    return new Response(JSON.stringify(body), { status: 200, headers });
  });
  const listed = await client.listWebhooks();
  expect(listed?.map((webhook) => webhook.id)).toEqual(['1', '2', '3']);
});

it('does not follow a Link header to another origin', async () => {
  const asked: string[] = [];
  const client = servedClient((url) => {
    asked.push(url.href);
    const headers = { 'content-type': 'application/json', link: '<https://elsewhere.example/api/v2/webhooks?page=2>; rel="next"' };
    return new Response(JSON.stringify([hook(1)]), { status: 200, headers });
  });
  const listed = await client.listWebhooks();
  expect(listed?.map((webhook) => webhook.id)).toEqual(['1']);
  expect(asked).toHaveLength(1);
});
