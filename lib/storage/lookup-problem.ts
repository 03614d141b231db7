/**
 * Why a tab's people lookups fail when only the user can fix it, as the background records it per
 * tab in storage.session (lib/background/lookup-health.ts) and the toolbar button and the popup
 * say it. Transient failures (a timeout, a rate limit, a server error) are never recorded.
 */
import { browser } from '#imports';
import { z } from 'zod/mini';
import { lookupProblemKey } from './session-keys';

export const LOOKUP_PROBLEMS = [
  /** No service address or no API key for it. */
  'not_configured',
  /** The service answered 401. */
  'key_refused',
  /** The service answered 403: the key may not read contacts. */
  'key_forbidden',
  /** Primer's host access to the service was taken away (and the service does not allow CORS). */
  'no_access',
  /** Nothing has answered at the service's address for a while. */
  'unreachable',
  /** Something answers at the address, but not as the service: 404 or a web page for every lookup. */
  'not_the_service',
  /**
   * A 401 or 403 answered with a web page or XML, not the service's reply (a wrong address, a
   * proxy or firewall in front of the service): the key was never judged.
   */
  'web_page_refusal',
] as const;
export type LookupProblemKind = (typeof LOOKUP_PROBLEMS)[number];

export const LookupProblemSchema = z.object({
  problem: z.enum(LOOKUP_PROBLEMS),
  /** The service's origin, to name it; null when there is no address. */
  service: z.nullable(z.string().check(z.maxLength(2000))),
  /** `not_configured` because of what an administrator set by policy: only they can put it right. */
  administrator: z.optional(z.boolean()),
});
export type LookupProblem = z.infer<typeof LookupProblemSchema>;

/** The problem recorded for a tab; null when its lookups work (or nothing is known). */
export async function readLookupProblem(tabId: number): Promise<LookupProblem | null> {
  const key = lookupProblemKey(tabId);
  const parsed = LookupProblemSchema.safeParse((await browser.storage.session.get(key))[key]);
  return parsed.success ? parsed.data : null;
}

/** What is wrong and what to do, in Primer's words: the toolbar title and the popup join them. */
export function describeLookupProblem({ problem, service, administrator }: LookupProblem): { cause: string; fix: string } {
  const where = service ?? 'the service';
  switch (problem) {
    case 'not_configured':
      if (administrator) return { cause: 'cannot connect as your administrator set it up', fix: 'Ask your administrator to correct Primer’s setup.' };
      return { cause: 'not set up yet', fix: 'Open Primer’s options to add the service address and API key.' };
    case 'key_refused':
      return { cause: 'the service refused the API key', fix: 'Open Primer’s options to enter a valid key.' };
    case 'key_forbidden':
      return { cause: 'the API key may not look up contacts', fix: 'Open Primer’s options to enter a key that may.' };
    case 'no_access':
      return { cause: `not allowed to contact ${where}`, fix: 'Open Primer’s options and choose Allow access.' };
    case 'unreachable':
      return { cause: `${where} is not answering`, fix: 'Check your connection, or the address in Primer’s options.' };
    case 'not_the_service':
      return { cause: `${where} does not answer as Primer’s service`, fix: 'Check the service address in Primer’s options.' };
    case 'web_page_refusal':
      return {
        cause: `${where} answered with a web page refusing access, not the service’s reply`,
        fix: 'Check the service address in Primer’s options; if it is right, a proxy or firewall in front of the service refused Primer.',
      };
  }
}

/** The toolbar button's title for a tab with this problem: the cause and the fix. */
export function lookupProblemTitle(problem: LookupProblem): string {
  const { cause, fix } = describeLookupProblem(problem);
  return `Primer: ${cause} — ${fix.charAt(0).toLowerCase()}${fix.slice(1, -1)}`;
}
