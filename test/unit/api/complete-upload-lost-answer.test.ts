// @vitest-environment node
/**
 * complete-upload is retried after a lost answer (it is idempotent in effect). Servers refuse the
 * second call with their validation status, not only 409: Django REST's ValidationError is a 400
 * (`["Recording is already processing."]`), FastAPI's HTTPException(400) / Rails' 422 alike. The
 * recording is on its way all the same; the upload must not end "failed".
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';

function server(refusal: { status: number; body: string }) {
  const calls: string[] = [];
  let completes = 0;
  const client = new ServiceClient('https://api.test', 'secret-key', {
    sleep: () => Promise.resolve(),
    random: () => 0,
    online: () => true,
    fetch: (input, init) => {
      const url = new URL(input);
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/v2/recordings/r1') return Promise.resolve(Response.json({ id: 'r1', status: 'processing', progress: 5 }));
      completes++;
      // The service acted on the first call; its answer never arrived (a dropped connection).
      if (completes === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(new Response(refusal.body, { status: refusal.status, headers: { 'content-type': 'application/json' } }));
    },
  });
  return { client, calls };
}

it.each([
  ['Django REST (400, a list)', { status: 400, body: '["Recording is already processing."]' }],
  ['FastAPI (400, detail)', { status: 400, body: '{"detail":"Upload already completed"}' }],
  ['Rails (422, errors)', { status: 422, body: '{"errors":["Recording has already been completed"]}' }],
])('takes a retried complete-upload refused by %s for a recording already processing as done', async (_, refusal) => {
  const { client, calls } = server(refusal);
  await expect(client.completeUpload('r1')).resolves.toBeUndefined();
  expect(calls).toContain('GET /api/v2/recordings/r1');
});
