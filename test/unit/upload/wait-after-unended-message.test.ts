/**
 * A rate limit's words are followed by Primer's own ("The service asked for a wait: …"). A
 * service's message that does not end its sentence ("Daily upload quota reached") is given a full
 * stop first, else the row reads "…quota reached The service asked…"; one already ended, before a
 * closing quote or bracket too, is not given a second.
 */
import { expect, it } from 'vitest';
import { runnerAskingService, uploadRecord } from './helpers';

function stoppedSaying(error: string) {
  const body = JSON.stringify({ error });
  const runner = runnerAskingService(() =>
    Promise.resolve(new Response(body, { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '120' } })),
  );
  return runner.run(uploadRecord());
}

it('ends the service’s words with a full stop before saying when Retry can work', async () => {
  const stopped = await stoppedSaying('Daily upload quota reached');
  expect(stopped.error).toMatch(/^Daily upload quota reached\. The service asked for a wait: Retry can work /);
});

it.each(['Slow down!', 'Quota reached (see “Limits.”)', 'Quota reached.'])('adds no second full stop to “%s”', async (said) => {
  const stopped = await stoppedSaying(said);
  expect(stopped.error?.startsWith(`${said} The service asked for a wait:`)).toBe(true);
});
