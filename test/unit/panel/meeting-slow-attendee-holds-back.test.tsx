/**
 * A meeting's briefings with one slow attendee, through the real panel loader (one
 * `contacts.insights` message for the meeting: insights-loader.ts) and the real background
 * (meetingInsights, handlers/contacts.ts), against a service that answers Maya at once and Daniel
 * in 2.5 s (within the panel's 4 s timeout). Maya's card is filled a moment after her answer is
 * in, not when Daniel's is: the background answers the message with the contacts that are in,
 * Daniel marked pending, and the panel asks for him alone, joining the call on its way (the
 * service is asked for him once).
 */
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MeetingBriefing } from '@/components/panel/meeting/MeetingBriefing';
import { createBroker } from '@/lib/background/broker';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { createHandlers } from '@/lib/background/handlers';
import { resetVaultForTests } from '@/lib/background/key-vault';
import { ServiceContext } from '@/lib/background/service-context';
import { protocol, type MessageType } from '@/lib/messaging/protocol';
import { sendRequest } from '@/lib/messaging/send';
import { readReply } from '@/lib/messaging/sender';
import { renderWithClient } from '../support/fake-background';
import { match, NOW, pagePerson, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const maya = match('m', 'Maya Chen', 'maya@example.com');
const dan = match('d', 'Daniel Weiss', 'dan@example.net');
const panelPage = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/sidepanel.html' };

/** Calls to the service for each contact's insights. */
const asked = new Map<string, number>();

/** The service: each contact's insights, Daniel's 2.5 s late. */
const service = (async (input: string) => {
  const url = new URL(input);
  const id = /\/insights\/contact\/([^/]+)$/.exec(url.pathname)?.[1];
  if (id === undefined) return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  asked.set(id, (asked.get(id) ?? 0) + 1);
  if (id === 'd') await new Promise((resolve) => setTimeout(resolve, 2_500));
  const body = { contact_id: id, preferred_tone: id === 'm' ? 'friendly' : 'formal', sensitive_topics: id === 'm' ? ['the Atlas delay'] : ['layoffs'] };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}) as typeof fetch;

beforeEach(async () => {
  asked.clear();
  resetVaultForTests();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  const broker = createBroker(createHandlers(new ServiceContext({ cacheStore: storageCacheStore, fetch: service })), { id: 'test-extension-id', origin: 'chrome-extension://test-extension-id/' });
  vi.mocked(sendRequest).mockImplementation(async (type: MessageType, payload: unknown) => readReply(protocol, type, await broker({ primer: 1, type, payload }, panelPage)));
  await sendRequest('settings.save', { serviceUrl: 'https://api.example.com/api/v2/', apiKey: 'sk_test_123456' });
});

describe('a meeting with one slow attendee', () => {
  it('shows the attendees whose briefings are in without waiting for the slow one', async () => {
    renderWithClient(<MeetingBriefing now={NOW} onOpenPerson={() => undefined} surface={surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Daniel Weiss', 'dan@example.net', dan)])} />);
    const attendees = await screen.findByRole('region', { name: 'Attendees' });
    // Maya's answer came in a few milliseconds; Daniel's takes 2.5 s.
    await vi.waitFor(() => expect(within(attendees).getAllByRole('listitem')[0]).toHaveTextContent('friendly'), { timeout: 1_500 });
    expect(within(attendees).getAllByRole('listitem')[1]).toHaveTextContent('Loading Daniel Weiss');
    // Daniel's card follows when his answer comes, from the one call made for him.
    await vi.waitFor(() => expect(within(attendees).getAllByRole('listitem')[1]).toHaveTextContent('formal'), { timeout: 4_000 });
    expect(asked.get('d')).toBe(1);
  }, 10_000);
});
