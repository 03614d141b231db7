// @vitest-environment node
/**
 * A recording's detail that carries its insights beside the recording rather than inside it
 * (`{recording: {…}, insights: {…}}`, as detail endpoints returning related resources do). The
 * insights are there: they must be shown, not taken for "not yet" and then, at the second
 * recording, for a server that offers none.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';
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
    const discovery = new MemoryDiscoveryStore();
    const client = new ServiceClient('https://api.test', 'secret-key', {
      discovery,
      sleep: () => Promise.resolve(),
      online: () => true,
      fetch: (input) => {
        const url = new URL(input);
        const match = /^\/api\/v2\/recordings\/([^/]+)$/.exec(url.pathname);
        const [status, body] = match ? [200, detail(match[1]!)] : [404, { detail: 'Not found.' }];
        return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
      },
    });
    const first = await client.getRecordingInsights('r1').catch((error: unknown) => error);
    expect(first).toMatchObject({ keyDecisions: ['Ship in March'] });
    const second = await client.getRecordingInsights('r2').catch((error: unknown) => error);
    expect(second).toMatchObject({ keyDecisions: ['Ship in March'] });
  });
});
