/**
 * The interface's upload request (§2.3) shows four fields. Primer adds title, meeting_date and
 * primary_contact_id, and asks again with the four alone when the refusal says those fields were
 * not expected: in Symfony's and API Platform's words (the Collection constraint's
 * allowExtraFields is false by default) and Rails' strong parameters' as well.
 */
import { expect, it } from 'vitest';
import { reply, servedClient } from './served-client';

const SHOWN = ['content_type', 'file_size', 'filename', 'speakers_expected'];

/** How each framework refuses the fields it was not told of (as a 422 or 400, nothing created). */
const REFUSALS: [string, (extra: string[]) => Response][] = [
  [
    'Symfony / API Platform (Collection constraint, allowExtraFields false by default)',
    (extra) =>
      reply(
        422,
        {
          type: '/validation_errors/7703c766-b5d5-4cef-ace7-ae0dd82304e9',
          title: 'An error occurred',
          detail: extra.map((key) => `${key}: This field was not expected.`).join('\n'),
          violations: extra.map((key) => ({ propertyPath: key, message: 'This field was not expected.', code: '7703c766-b5d5-4cef-ace7-ae0dd82304e9' })),
        },
        'application/problem+json',
      ),
  ],
  [
    'Rails strong parameters (action_on_unpermitted_parameters = :raise, rescued as 400)',
    (extra) => reply(400, { error: `found unpermitted parameters: ${extra.map((key) => `:${key}`).join(', ')}` }),
  ],
];

it.each(REFUSALS)('asks again with the interface’s four fields when the service refuses the others: %s', async (_name, refuse) => {
  const bodies: Record<string, unknown>[] = [];
  const client = servedClient((url, init) => {
    if (url.pathname !== '/api/v2/recordings/presigned-url' || init?.method !== 'POST') return reply(404, { detail: 'Not Found' });
    const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as Record<string, unknown>;
    bodies.push(body);
    const extra = Object.keys(body).filter((key) => !SHOWN.includes(key));
    if (extra.length > 0) return refuse(extra);
    return reply(201, { upload_url: 'https://storage.example/rec-1?sig=1', recording_id: 'rec-1' });
  });

  const presigned = await client.requestUpload({
    filename: 'Weekly sync.m4a',
    contentType: 'audio/mp4',
    fileSize: 1000,
    speakersExpected: 3,
    title: 'Weekly sync',
    meetingDate: '2026-05-19T09:00:00.000Z',
    primaryContactId: 'c-maya',
  });
  expect(presigned.recordingId).toBe('rec-1');
  expect(presigned.withoutExtras).toBe(true);
  expect(Object.keys(bodies.at(-1) ?? {}).sort()).toEqual(SHOWN);
});
