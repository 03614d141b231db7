/** A fake background for UI tests: the mocked `sendRequest` answers from a table of replies. */
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { sendRequest } from '@/lib/messaging/send';
import type { MessageType, RequestOf, ResponseOf } from '@/lib/messaging/protocol';

type Reply<T extends MessageType> = ResponseOf<T> | Error | ((payload: RequestOf<T>) => Promise<ResponseOf<T>>);
export type Background = { [T in MessageType]?: Reply<T> };

/** Makes the mocked `sendRequest` answer each message type from `replies`. */
export function fakeBackground(replies: Background) {
  const mock = vi.mocked(sendRequest);
  mock.mockReset();
  mock.mockImplementation(((type: MessageType, payload: unknown) => {
    const reply = replies[type] as unknown;
    if (reply === undefined) return Promise.reject(new Error(`test did not expect ${type}`));
    if (reply instanceof Error) return Promise.reject(reply);
    if (typeof reply === 'function') return (reply as (p: unknown) => Promise<unknown>)(payload);
    return Promise.resolve(reply);
  }) as typeof sendRequest);
  return mock;
}

/** Calls the mock received for one message type, as payloads. */
export function sent<T extends MessageType>(type: T): RequestOf<T>[] {
  return vi
    .mocked(sendRequest)
    .mock.calls.filter(([t]) => t === type)
    .map(([, payload]) => payload as RequestOf<T>);
}

export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}
