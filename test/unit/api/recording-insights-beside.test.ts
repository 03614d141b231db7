// @vitest-environment node
/**
 * A recording's detail that carries its insights beside the recording rather than inside it
 * (`{recording: {…}, insights: {…}}`, as detail endpoints returning related resources do). The
 * insights are there: they must be shown, not taken for "not yet" and then, at the second
 * recording, for a server that offers none.
 */
import { describe, expect, it } from 'vitest';
import { reply, servedClient } from './served-client';
import { embeddedRecordingInsights } from '@/lib/api/normalise';

const detail = (id: string) => ({
  recording: { id, title: 'Roadmap review', status: 'completed', progress: 100 },
  insights: { action_items: ['Send the deck'], key_decisions: ['Ship in March'], topics_discussed: ['Budget'] },
});

describe('per-recording insights beside the recording in its detail', () => {
  it('are read from the detail', () => {
    expect(embeddedRecordingInsights(detail('r1'), 'r1')).toMatchObject({ keyDecisions: ['Ship in March'], topicsDiscussed: ['Budget'] });
  });

  it('are found by the client, for the first recording and the next', async () => {
    const client = servedClient((url) => {
      const match = /^\/api\/v2\/recordings\/([^/]+)$/.exec(url.pathname);
      return match ? reply(200, detail(match[1]!)) : reply(404, { detail: 'Not found.' });
    });
    const first = await client.getRecordingInsights('r1').catch((error: unknown) => error);
    expect(first).toMatchObject({ keyDecisions: ['Ship in March'] });
    const second = await client.getRecordingInsights('r2').catch((error: unknown) => error);
    expect(second).toMatchObject({ keyDecisions: ['Ship in March'] });
  });
});
