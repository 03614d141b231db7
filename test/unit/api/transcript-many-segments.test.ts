// @vitest-environment node
/**
 * A long recording's transcript listed as many short timed segments (a service that lists each
 * phrase or word as a segment; ~13 MB of JSON here) is read like a short one. The segment reader
 * spread every bare time into Math.max (and every clock start into Math.min), which throws
 * RangeError ("Maximum call stack size exceeded") past ~125,000 arguments in V8, i.e. past ~62,000
 * segments with a start and an end: the panel said "Something went wrong inside Primer." on every
 * try, and the transcript could never be read.
 */
import { expect, it } from 'vitest';
import { toErrorInfo } from '@/lib/api/errors';
import { ON_SCREEN } from '@/lib/background/cache';
import { reply, servedClient } from '../api/served-client';

const segments = Array.from({ length: 100_000 }, (_, i) => ({ speaker: `SPEAKER_0${i % 4}`, start: i * 2, end: i * 2 + 2, text: `This is phrase ${i} of a long workshop recording.` }));

it('reads a transcript of 100,000 timed segments', async () => {
  const client = servedClient(() => reply(200, { recording_id: 'r1', segments }));
  const outcome = await client.getTranscript('r1', ON_SCREEN).then(
    (transcript) => ({ lines: transcript.segments.length }),
    (error: unknown) => ({ failed: String(error), said: toErrorInfo(error).message }),
  );
  expect(outcome).toEqual({ lines: 100_000 });
}, 60_000);
