/**
 * contact.find / people.find / contact.insights: what content scripts and the side panel ask for.
 * Cached per server, so one address costs one lookup per cache lifetime however many times it
 * appears and however many tabs show it.
 */
import { z } from 'zod/mini';
import { normaliseEmail, normaliseName } from '../../api/contact-index';
import type { PersonQuery } from '../../messaging/protocol';
import { ContactMatchSchema, InsightsSchema, type ContactMatch } from '../../models';
import type { Handlers } from '../broker';
import type { ServiceContext } from '../service-context';

const MINUTE = 60_000;
export const CONTACT_POLICY = { schema: z.nullable(ContactMatchSchema), freshMs: 30 * MINUTE, maxStaleMs: 7 * 24 * 60 * MINUTE };
export const INSIGHTS_POLICY = { schema: InsightsSchema, freshMs: 5 * MINUTE, maxStaleMs: 7 * 24 * 60 * MINUTE };

async function findPerson(context: ServiceContext, query: PersonQuery): Promise<ContactMatch | null> {
  const client = await context.client();
  if ('email' in query) {
    const email = normaliseEmail(query.email);
    const cached = await context.cache.get(
      `${client.baseUrl}|contact-email|${email}`,
      async () => {
        const contact = await client.findContactByEmail(email);
        return contact ? { contact, matchedBy: 'email' as const } : null;
      },
      CONTACT_POLICY,
    );
    return cached.value;
  }
  const name = normaliseName(query.name);
  const cached = await context.cache.get(
    `${client.baseUrl}|contact-name|${name}`,
    async () => {
      const contact = await client.findContactByName(query.name);
      return contact ? { contact, matchedBy: 'name' as const } : null;
    },
    CONTACT_POLICY,
  );
  return cached.value;
}

export function contactHandlers(context: ServiceContext): Pick<Handlers, 'contact.find' | 'people.find' | 'contact.insights'> {
  return {
    'contact.find': (query) => findPerson(context, query),
    'people.find': async ({ people }) => {
      // Fail the whole request only for what concerns every lookup (no settings, bad key);
      // one person's failure leaves just that person unmarked.
      await context.client();
      return Promise.all(
        people.map((query) =>
          findPerson(context, query).catch((error: unknown) => {
            if (error instanceof Error && 'kind' in error && (error.kind === 'unauthorized' || error.kind === 'forbidden')) throw error;
            return null;
          }),
        ),
      );
    },
    'contact.insights': async ({ contactId, revalidate }) => {
      const client = await context.client();
      const key = `${client.baseUrl}|insights|${contactId}`;
      const fetcher = () => client.getContactInsights(contactId);
      const cached = revalidate
        ? await context.cache.revalidate(key, fetcher, INSIGHTS_POLICY)
        : { ...(await context.cache.get(key, fetcher, INSIGHTS_POLICY)), problem: null };
      return { insights: cached.value, asOf: cached.storedAt, problem: cached.problem };
    },
  };
}
