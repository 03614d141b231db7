/**
 * A fake background for UI tests: the mocked senders (`sendRequest`, and the hover card's
 * `sendCardRequest` where a test mocks it) answer from a table of replies.
 */
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider, type DefaultOptions } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { sendRequest } from '@/lib/messaging/send';
import { sendCardRequest } from '@/lib/messaging/send-card';
import { ApiError, toErrorInfo } from '@/lib/api/errors';
import type { InsightsResult, MessageType, RequestOf, ResponseOf } from '@/lib/messaging/protocol';

type Reply<T extends MessageType> = ResponseOf<T> | Error | ((payload: RequestOf<T>) => Promise<ResponseOf<T>>);
export type Background = { [T in MessageType]?: Reply<T> };

/**
 * A meeting's insights, answered as the background does: one result per distinct contact, each
 * from the test's `contact.insights` reply for that contact (a rejection is that contact's error).
 */
function batchFrom(single: Reply<'contact.insights'>) {
  return async ({ contactIds }: RequestOf<'contacts.insights'>): Promise<ResponseOf<'contacts.insights'>> =>
    Promise.all(
      [...new Set(contactIds)].map(async (contactId): Promise<InsightsResult> => {
        try {
          if (single instanceof Error) throw single;
          const reply = typeof single === 'function' ? await single({ contactId, revalidate: true }) : single;
          return { ok: true, contactId, reply };
        } catch (error) {
          return { ok: false, contactId, error: error instanceof ApiError ? error.toInfo() : toErrorInfo(error) };
        }
      }),
    );
}

/** The senders this test mocked: the pages' `sendRequest`, the hover card's `sendCardRequest`. */
function mockedSenders() {
  return [sendRequest, sendCardRequest].filter((sender) => vi.isMockFunction(sender)).map((sender) => vi.mocked(sender as typeof sendRequest));
}

/** Makes the mocked senders answer each message type from `replies`. */
export function fakeBackground(replies: Background) {
  const single = replies['contact.insights'];
  const table: Background = { ...(single !== undefined ? { 'contacts.insights': batchFrom(single) } : {}), ...replies };
  const mocks = mockedSenders();
  if (mocks.length === 0) throw new Error('fakeBackground: the test mocks neither @/lib/messaging/send nor @/lib/messaging/send-card');
  for (const mock of mocks) {
    mock.mockReset();
    mock.mockImplementation(((type: MessageType, payload: unknown) => {
      const reply = table[type] as unknown;
      if (reply === undefined) return Promise.reject(new Error(`test did not expect ${type}`));
      if (reply instanceof Error) return Promise.reject(reply);
      if (typeof reply === 'function') return (reply as (p: unknown) => Promise<unknown>)(payload);
      return Promise.resolve(reply);
    }) as typeof sendRequest);
  }
  return mocks[0]!;
}

/** Calls the mocks received for one message type, as payloads. */
export function sent<T extends MessageType>(type: T): RequestOf<T>[] {
  return mockedSenders()
    .flatMap((mock) => mock.mock.calls)
    .filter(([t]) => t === type)
    .map(([, payload]) => payload as RequestOf<T>);
}

/** Renders with a fresh QueryClient; no retries unless `queries` says otherwise (e.g. the panel's own policy). */
export function renderWithClient(ui: ReactElement, queries: DefaultOptions['queries'] = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity, ...queries }, mutations: { retry: false } },
  });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}
