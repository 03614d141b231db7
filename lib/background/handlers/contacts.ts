/**
 * contact.find / people.find / contact.insights: what content scripts and the side panel ask for.
 * Cached per server, so one address costs one lookup per cache lifetime however many times it
 * appears and however many tabs show it.
 */
import { z } from 'zod/mini';
import { nameKey, normaliseEmail } from '../../api/contact-index';
import { normaliseAddress } from '../../sites/address';
import { leftOutBy, type Preferences } from '../../storage/preferences';
import { ApiError, toErrorInfo } from '../../api/errors';
import { LOOKUP_FAILED, type InsightsReply, type InsightsResult, type PersonAnswer, type PersonQuery } from '../../messaging/protocol';
import { MAX_INSIGHTS_BATCH } from '../../messaging/limits';
import { ContactMatchSchema, ContactSchema, InsightsSchema, type ContactMatch, type ContactRecord } from '../../models';
import type { Handlers } from '../broker';
import { ON_SCREEN, type CachePolicy } from '../cache';
import type { LookupHealth } from '../lookup-health';
import { preferencesCopy } from '../preferences-copy';
import { noteShown, wasShown } from '../shown-contacts';
import { whenTabCloses } from '../tab-turns';
import type { ServiceContext } from '../service-context';
import type { ServiceClient } from '../../api/client';

const MINUTE = 60_000;
/**
 * A contact found by address is fresh for half an hour; "not a contact", and a contact found by
 * name, for five minutes (a namesake added since makes the name no one's); then an address's
 * answer is served while it is refreshed (a page's marks never wait on it). Someone just added to
 * the service is found within about two of a page's memories of the answer (10 minutes,
 * lib/content/lookup.ts). A match by name is never served older (onlyFresh), as the index never
 * answers a single name from a list past its lifetime (allByName): served stale, a name a
 * namesake shares now named the old contact once more, for a page's 10 minutes.
 */
export const CONTACT_POLICY: CachePolicy<ContactMatch | null> = {
  schema: z.nullable(ContactMatchSchema),
  freshMs: 30 * MINUTE,
  maxStaleMs: 7 * 24 * 60 * MINUTE,
  briefly: (match) => match === null || match.matchedBy === 'name',
  brieflyMs: 5 * MINUTE,
  onlyFresh: (match) => match?.matchedBy === 'name',
};
export const INSIGHTS_POLICY = { schema: InsightsSchema, freshMs: 5 * MINUTE, maxStaleMs: 7 * 24 * 60 * MINUTE };
/**
 * The side panel's revalidation is answered from a copy younger than a minute (and refreshed behind
 * it). Insights change only when a recording is processed, which takes minutes and drops the
 * cached copy of its contact (lib/background/uploads.ts); asking again within a minute returns
 * the same insights one round trip later, for every attendee of a meeting opened twice.
 */
export const PANEL_INSIGHTS_POLICY = { ...INSIGHTS_POLICY, recentMs: MINUTE };

const insightsKey = (scope: string, contactId: string) => `${scope}|insights|${contactId}`;

async function panelInsights(context: ServiceContext, contactId: string): Promise<InsightsReply> {
  const client = await context.client();
  try {
    const cached = await context.cache.revalidate(
      insightsKey(client.cacheScope, contactId),
      () => client.getContactInsights(contactId, ON_SCREEN),
      PANEL_INSIGHTS_POLICY,
      ON_SCREEN,
    );
    return { insights: cached.value, asOf: cached.storedAt, problem: cached.problem };
  } catch (error) {
    return forgetIfGone(context, client, contactId, error);
  }
}

/**
 * Rethrows `error`; first, when the service no longer has the contact (removed, merged), drops the
 * cached lookups that found it: looking the person up again then asks the service instead. A
 * not_found from the insights means the contact itself is gone: the client checked (client.ts).
 */
async function forgetIfGone(context: ServiceContext, client: ServiceClient, contactId: string, error: unknown): Promise<never> {
  if (error instanceof ApiError && error.kind === 'not_found') {
    const scope = client.cacheScope;
    const namesIt = (value: unknown) => ContactMatchSchema.safeParse(value).data?.contact.id === contactId;
    // Its insights too (a card was still served them, however often the service said "gone"), and
    // its place in the local list (the lookups dropped were found again from it at once).
    const itsInsights = (value: unknown) => typeof value === 'object' && value !== null && (value as { contactId?: unknown }).contactId === contactId;
    await Promise.all([context.cache.dropWhere(`${scope}|contact-`, namesIt), context.cache.dropWhere(insightsKey(scope, contactId), itsInsights)]).catch(() => undefined);
    client.forgetContact(contactId);
  }
  throw error;
}

/**
 * A found contact as pages and the panel get it (and the cache keeps it): its primary address, not
 * its whole list. The list served only to match it; the page shows the primary address, and the
 * always-injected content scripts, like the messages they receive, stay as small as before.
 */
function shown(contact: ContactRecord, matchedBy: ContactMatch['matchedBy']): ContactMatch {
  return { contact: ContactSchema.parse(contact), matchedBy };
}

/**
 * Lookups' cache keys (under `contact-`, which dropWhere clears). Named anew when the matching rules
 * change, so no answer given under the old rules is served (a name that now has a namesake in
 * "Last, First" order, an address two contacts share, a name that differs from a namesake's only
 * by an invisible character, an address whose domain is in its own letters, a Turkish or Greek name
 * and its capitals).
 */
export const BY_EMAIL = 'contact-by-address';
const BY_NAME = 'contact-by-name-key';

/** A page's lookup stopped because its tab was closed: whoever joined its call asks again. */
class TabClosed extends ApiError {
  constructor() {
    super('aborted', 'The tab that asked was closed.');
  }
}

/**
 * `interactive`: the side panel (or popup) waits for this one person, so the lookup fails fast;
 * a page's batch (people.find) stays patient. `onAnswer`: told when the service (not the cache)
 * answered for this person.
 */
async function findPerson(
  context: ServiceContext,
  query: PersonQuery,
  { interactive = false, onAnswer, signal }: { interactive?: boolean; onAnswer?: () => void; signal?: AbortSignal } = {},
): Promise<ContactMatch | null> {
  const client = await context.client();
  // A batch stopped by a refused key (people.find): whoever joined one of its calls (another tab,
  // the panel) is told of the refusal, not of a cancelled request.
  const refusal = (error: unknown): unknown => (signal?.aborted && signal.reason instanceof ApiError ? signal.reason : error);
  // A call joined from a tab closed since was stopped for that tab, not for this caller: asked again.
  const lookUp = async (ask: () => Promise<{ value: ContactMatch | null }>): Promise<ContactMatch | null> => {
    for (;;) {
      try {
        return (await ask()).value;
      } catch (error) {
        if (!(error instanceof TabClosed) || signal?.aborted) throw error;
      }
    }
  };
  const byAddress = (address: string) => {
    const email = normaliseEmail(address);
    return lookUp(() => context.cache.get(
      `${client.cacheScope}|${BY_EMAIL}|${email}`,
      async () => {
        const contact = await client.findContactByEmail(email, { interactive, signal }).catch((error: unknown) => {
          throw refusal(error);
        });
        onAnswer?.();
        return contact ? shown(contact, 'email') : null;
      },
      CONTACT_POLICY,
      { interactive },
    ));
  };
  if ('email' in query) return byAddress(query.email);
  // A "name" that is an address (a page that knew no name) is looked up as the address it is,
  // exactly: never matched by name to a contact whose name field holds that text.
  const address = normaliseAddress(query.name);
  if (address !== null) return byAddress(address);
  const name = nameKey(query.name);
  return lookUp(() => context.cache.get(
    `${client.cacheScope}|${BY_NAME}|${name}`,
    async () => {
      const contact = await client.findContactByName(query.name, { interactive, signal }).catch((error: unknown) => {
        throw refusal(error);
      });
      onAnswer?.();
      return contact ? shown(contact, 'name') : null;
    },
    CONTACT_POLICY,
    { interactive },
  ));
}

/**
 * How long a meeting's `contacts.insights` waits for its slowest contacts before answering with
 * those that are in, the rest marked pending (the panel asks for each alone, joining its call).
 * A warm or cached meeting, and a healthy service's cold one, is answered well within it in one
 * message; past it, one slow attendee (or a 100-person meeting's last calls, 6 at a time) would
 * hold back everyone's briefing, for up to the 4 s a call may take.
 */
export const MEETING_INSIGHTS_WAIT_MS = 400;

/**
 * Each contact's insights as the side panel asks for them, one result per contact; with `waitMs`,
 * those not in by then are marked pending (their calls go on).
 */
async function meetingInsights(context: ServiceContext, contactIds: readonly string[], waitMs = Infinity): Promise<InsightsResult[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // What concerns every contact (no settings) fails the whole request, so the panel says it once.
    const client = await context.client();
    const ids = [...new Set(contactIds)];
    // Their stored copies in one read, so all the calls that are needed start at once.
    await context.cache.preload(ids.map((contactId) => insightsKey(client.cacheScope, contactId))).catch(() => undefined);
    // Counted from when the calls start, not from when the panel asked: a worker woken by the
    // panel may take longer than the wait to read its settings, and every contact, stored copies
    // too, would then come back pending, each asked for again alone.
    const deadline = waitMs === Infinity ? null : new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    const done: (InsightsResult | undefined)[] = [];
    const all = Promise.all(
      ids.map((contactId, i) =>
        panelInsights(context, contactId)
          .then(
            (reply): InsightsResult => ({ ok: true, contactId, reply }),
            (error: unknown): InsightsResult => ({ ok: false, contactId, error: toErrorInfo(error) }),
          )
          .then((result) => (done[i] = result)),
      ),
    );
    if (deadline === null) return await all;
    await Promise.race([all, deadline]);
    return ids.map((contactId, i): InsightsResult => done[i] ?? { ok: false, contactId, pending: true });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts asking for what the side panel is about to show (the head start of every way of opening
 * it: panel-head-start.ts), while the browser opens the panel's page: its own request, a moment
 * later, joins these calls or finds their answers (copies under a minute old), so no call is made
 * twice. Failures are the panel's to report when it asks.
 */
export function warmPanelInsights(context: ServiceContext, contactIds: readonly string[]): void {
  // No more than the panel asks for in one message (MAX_INSIGHTS_BATCH): the rest wait for it.
  if (contactIds.length > 0) meetingInsights(context, contactIds.slice(0, MAX_INSIGHTS_BATCH)).catch(() => undefined);
}

/**
 * Whether the options leave out the address this query would send (an e-mail, or a "name" that is
 * one): "Addresses at these domains are never sent to the service", nor the user's own.
 */
function leftOut(query: PersonQuery, preferences: Preferences): boolean {
  const address = 'email' in query ? query.email : normaliseAddress(query.name);
  return address !== null && leftOutBy(address, preferences) !== null;
}

function isKind(error: unknown, kind: 'unauthorized' | 'forbidden'): error is ApiError {
  return error instanceof ApiError && error.kind === kind;
}

/**
 * `health`: told how each page's batch ended, so a tab whose lookups fail for want of a setup, a
 * valid key or a reachable service says so on its toolbar button (lookup-health.ts).
 */
export function contactHandlers(
  context: ServiceContext,
  health: LookupHealth | null = null,
): Pick<Handlers, 'contact.find' | 'people.find' | 'contact.insights' | 'contacts.insights'> {
  const preferences = preferencesCopy();
  return {
    // The side panel and the popup, for one person someone waits to see (pages batch theirs in people.find).
    'contact.find': async (query) => {
      // "Addresses at these domains are never sent to the service" (and the user's own): whoever
      // asks (a meeting chosen before the domain was excluded, the panel's prefetch, a search).
      if (leftOut(query, await preferences.current())) return null;
      // Excluded while it was looked up (a page's lookup it joined is stopped for that): left out,
      // as it would be a moment later, not a failed lookup.
      return findPerson(context, query, { interactive: true }).catch(async (error: unknown) => {
        if (leftOut(query, await preferences.current())) return null;
        throw error;
      });
    },
    'people.find': async ({ people }, { sender, tabId }) => {
      // A page asks again as soon as it sees a save in storage: its batch is the new settings',
      // and speaks for them once the save is done (one begun before would not speak at all).
      await context.settled();
      // Only a page's own batch speaks for its tab (an empty one says nothing).
      const report = health && sender === 'content' && tabId !== null && people.length > 0 ? health.begin(tabId) : null;
      const outcome = { failures: [] as unknown[], answered: false };
      const onAnswer = () => (outcome.answered = true);
      let baseUrl: string | null = null;
      // The page left out its excluded people as it sent them; a batch waits for the call slots for
      // seconds, and one excluded meanwhile is not sent either: its lookup, still waiting, is stopped.
      const lookups = people.map(() => new AbortController());
      // The batch's people left out, when it came or since: not a contact, to the page.
      const skipped = new Set<number>();
      const skip = (current: Preferences) =>
        people.forEach((query, i) => {
          if (!leftOut(query, current)) return;
          skipped.add(i);
          lookups[i]!.abort();
        });
      const unwatch = preferences.watch(skip);
      // The tab closed: nobody needs its batch, and the calls still waiting for a slot, or on their
      // way, would hold back the lookups of the page the user went to. Nothing of it is named.
      let closed = false;
      const unwatchTab =
        sender === 'content' && tabId !== null
          ? whenTabCloses(tabId, () => {
              closed = true;
              for (const lookup of lookups) lookup.abort(new TabClosed());
            })
          : () => undefined;
      try {
        skip(await preferences.current());
        // Fail the whole request only for what concerns every lookup (no settings, bad key);
        // one person's failure is said as such (not "not a contact"), so the page asks again later.
        const client = await context.client();
        const resets = context.resets;
        baseUrl = client.baseUrl;
        // Once the key is refused, the batch's lookups still waiting for a turn are not sent: a
        // page's hundreds of people met the refusal one call each, on every focus, in every tab.
        const found = await Promise.all(
          people.map(async (query, i): Promise<PersonAnswer> => {
            // Not asked, nor is that answer kept: included again, they are looked up.
            if (skipped.has(i)) return null;
            return findPerson(context, query, { onAnswer, signal: lookups[i]!.signal }).catch((error: unknown): PersonAnswer => {
              if (skipped.has(i) || closed) return null;
              // A refused key concerns every lookup: the batch fails at once.
              if (isKind(error, 'unauthorized')) {
                for (const lookup of lookups) lookup.abort(error);
                throw error;
              }
              outcome.failures.push(error);
              return LOOKUP_FAILED;
            });
          }),
        );
        // Answered before the exclusion stopped them: not named to the page either.
        const answers = found.map((answer, i) => (skipped.has(i) ? null : answer));
        // A 403 concerns every lookup only if the service answered none of them with the same
        // key: else it refused that person alone (one contact hidden from the key), who failed.
        // Where only the cache answered the others (a page read again), one of them is asked
        // live: the key that reads them still is the key of a hidden contact.
        const forbidden = outcome.failures.find((error): error is ApiError => isKind(error, 'forbidden'));
        if (forbidden !== undefined && !outcome.answered) {
          const cached = people.find((query, i): query is { email: string } => 'email' in query && answers[i] !== LOOKUP_FAILED && !skipped.has(i));
          const readsContacts = cached !== undefined && (await client.findContactByEmail(normaliseEmail(cached.email)).then(() => true, () => false));
          if (!readsContacts) throw forbidden;
          outcome.answered = true;
        }
        // Settings saved meanwhile (another key, perhaps another account): these answers are the
        // old ones', and the page, told of the save, asks again. Named to it, their ids would be
        // read with the new key (contact.insights), about whoever has them there.
        const current = () => context.resets === resets;
        if (!current()) throw new ApiError('aborted', 'The settings changed while these people were looked up.');
        // The contacts named to this tab's page: the only ones its cards may read (contact.insights).
        // Checked again in the write's turn, which may wait behind others while a save lands.
        if (sender === 'content' && tabId !== null) {
          await noteShown(tabId, answers.flatMap((answer) => (answer !== null && answer !== LOOKUP_FAILED ? [answer.contact.id] : [])), current);
        }
        // Not waited for: the page's answers do not wait on the badge.
        void report?.(outcome, baseUrl).catch(() => undefined);
        return answers;
      } catch (error) {
        void report?.({ failures: [error], answered: false }, baseUrl).catch(() => undefined);
        throw error;
      } finally {
        unwatch();
        unwatchTab();
      }
    },
    'contact.insights': async ({ contactId, revalidate }, { sender, tabId }) => {
      // Asking past the cache is the panel's: a page's card is served from it (one call per contact).
      if (revalidate && sender === 'extension') return panelInsights(context, contactId);
      // The client first: it waits for a save under way, whose reset forgets the pages' lists, so
      // an id named under the old settings is not read with the new ones.
      const client = await context.client();
      // A page's card is about someone its page was given (people.find), never any id it names.
      if (sender !== 'extension' && (tabId === null || !(await wasShown(tabId, contactId)))) {
        throw new ApiError('forbidden', 'Primer answers a page only about the people it shows.');
      }
      // A hover card: someone is looking at it, so a slow or busy service is said at once (the
      // panel's policy), not waited out behind a placeholder for a minute.
      const gone = (error: unknown) => forgetIfGone(context, client, contactId, error);
      const cached = await context.cache
        .get(insightsKey(client.cacheScope, contactId), () => client.getContactInsights(contactId, ON_SCREEN), INSIGHTS_POLICY, {
          ...ON_SCREEN,
          // The refresh behind a stale copy learns the contact is gone: the next card says so.
          refreshFailed: (error) => void gone(error).catch(() => undefined),
        })
        .catch(gone);
      // An old copy standing in for the service's word says why (the card's "Offline: briefing as of …").
      return { insights: cached.value, asOf: cached.storedAt, problem: cached.problem ?? null };
    },
    // All at once: the calls to the service are capped by the context's limiter (6 at a time, the
    // browser's own limit per host), so a meeting costs one message and a few overlapping calls.
    'contacts.insights': ({ contactIds }) => meetingInsights(context, contactIds, MEETING_INSIGHTS_WAIT_MS),
  };
}
