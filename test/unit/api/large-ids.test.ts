// @vitest-environment node
/**
 * Ids written as JSON numbers past 2^53 (Snowflake/int64 ids as Go, Java and Rust servers serialise
 * them): JSON.parse rounds them, so two contacts created in the same millisecond become one id, and
 * a contact's id can become another contact's. The briefing then shows someone else's insights.
 */
import { expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

// 1790000000000000001 rounds to 1790000000000000000 as a double: Ann's id reads as Bob's.
const ANN = '1790000000000000001';
const BOB = '1790000000000000000';
const CONTACTS = `[{"id": ${ANN}, "name": "Ann Archer", "email": "ann@x.test"}, {"id": ${BOB}, "name": "Bob Brown", "email": "bob@x.test"}]`;

function int64Server() {
  const asked: string[] = [];
  const client = new ServiceClient('https://api.test', 'secret-key', {
    discovery: new MemoryDiscoveryStore(),
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: (input) => {
      const url = new URL(input);
      asked.push(url.pathname);
      const json = (text: string, status = 200) => Promise.resolve(new Response(text, { status, headers: { 'content-type': 'application/json' } }));
      if (url.pathname === '/api/v2/contacts') {
        const email = url.searchParams.get('email');
        const list = email === null ? CONTACTS : email === 'ann@x.test' ? CONTACTS.split('}, ')[0] + '}]' : email === 'bob@x.test' ? '[' + CONTACTS.split('}, ')[1] : '[]';
        return json(`{"items": ${list}}`);
      }
      if (url.pathname === `/api/v2/insights/contact/${ANN}`) return json(`{"contact_id": ${ANN}, "preferred_tone": "formal (Ann's)"}`);
      if (url.pathname === `/api/v2/insights/contact/${BOB}`) return json(`{"contact_id": ${BOB}, "preferred_tone": "casual (Bob's)"}`);
      return json('{"detail": "Not found."}', 404);
    },
  });
  return { client, asked };
}

it('keeps a contact id past 2^53 exactly as the service wrote it', async () => {
  const { client } = int64Server();
  const ann = await client.findContactByEmail('ann@x.test');
  expect(ann?.id).toBe(ANN);
});

it('shows Ann her own insights, not Bob’s', async () => {
  const { client } = int64Server();
  const ann = await client.findContactByEmail('ann@x.test');
  expect(ann?.name).toBe('Ann Archer');
  const insights = await client.getContactInsights(ann!.id);
  expect(insights.preferredTone).toBe("formal (Ann's)");
});

it('keeps a new recording’s int64 id for complete-upload', async () => {
  const client = new ServiceClient('https://api.test', 'secret-key', {
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: () => {
      return Promise.resolve(new Response('{"upload_url": "https://storage.test/put?sig=1", "recording_id": 1790000000000000001}', { headers: { 'content-type': 'application/json' } }));
    },
  });
  const upload = await client.requestUpload({ filename: 'a.mp3', contentType: 'audio/mpeg', fileSize: 10 });
  expect(upload.recordingId).toBe('1790000000000000001');
});
