/**
 * A 401 or 403 answered with a web page or XML (a proxy's login page, a firewall's block page, a
 * static site at a wrong address) is marked WEB_PAGE_REFUSAL_CODE where replies are read. The side
 * panel and the hover card still said "The service does not allow Primer’s API key to read this."
 * (or that it did not accept the key), sending the user to a key the service never judged.
 */
import { describe, expect, it } from 'vitest';
import { problemAbout } from '@/components/panel/states/problem-text';
import { WEB_PAGE_REFUSAL_CODE } from '@/lib/api/errors';

describe('a refusal answered with a web page', () => {
  it.each(['unauthorized', 'forbidden'] as const)('is said as the address or a proxy refusing, not the key (%s)', (kind) => {
    for (const about of ['contact', 'recording'] as const) {
      const problem = problemAbout(kind, about, null, WEB_PAGE_REFUSAL_CODE);
      expect(problem.text).toMatch(/web page/);
      expect(problem.text).not.toMatch(/API key/);
      expect(problem).toMatchObject({ next: 'options', retry: true });
    }
  });

  it('leaves the service’s own refusal of the key as it was', () => {
    expect(problemAbout('forbidden', 'contact').text).toMatch(/API key/);
    expect(problemAbout('unauthorized', 'contact', null, 'invalid_token').text).toMatch(/API key/);
  });
});
