import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { prefetchBriefing } from '@/components/panel/data/prefetch';
import type { PanelTarget } from '@/lib/panel/target';
import { fakeBackground, sent } from '../support/fake-background';
import { insights, match, pagePerson, reply, surface } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const people = Array.from({ length: 20 }, (_, i) => pagePerson(`Person ${i}`, `p${i}@example.com`, match(`c${i}`, `Person ${i}`, `p${i}@example.com`)));

describe('prefetchBriefing', () => {
  it('asks for a whole meeting’s insights in one message, before anything is drawn', async () => {
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId }))) });
    const client = new QueryClient();
    const target: PanelTarget = { tabId: 3, focus: { kind: 'surface', surface: surface([...people, people[0]!]) }, page: null, status: null };
    prefetchBriefing(client, target);
    await vi.waitFor(() => expect(client.getQueryData(['insights', 'c19'])).toBeDefined());
    expect(sent('contacts.insights')).toEqual([{ contactIds: people.map((_, i) => `c${i}`) }]);
    expect(sent('contact.insights')).toEqual([]);
  });

  it('does not ask for what the saved cache holds: it is shown from there and asked for once painted', async () => {
    fakeBackground({ 'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId }))) });
    const client = new QueryClient();
    const meeting: PanelTarget = { tabId: 3, focus: { kind: 'surface', surface: surface(people.slice(0, 3)) }, page: null, status: null };
    prefetchBriefing(client, meeting, new Set(['c0', 'c2']));
    await vi.waitFor(() => expect(client.getQueryData(['insights', 'c1'])).toBeDefined());
    expect(sent('contact.insights')).toEqual([{ contactId: 'c1', revalidate: true }]);
    expect(sent('contacts.insights')).toEqual([]);
    prefetchBriefing(new QueryClient(), { tabId: 3, focus: { kind: 'person', match: match('c0', 'Person 0', 'p0@example.com') }, page: null, status: null }, new Set(['c0']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent('contact.insights')).toHaveLength(1);
    expect(sent('recordings.list')).toEqual([]);
  });

  it('asks for one person’s insights and recordings, and looks up someone not matched yet first', async () => {
    fakeBackground({
      'contact.find': match('g', 'Grace Liu', 'grace@example.org'),
      'contact.insights': ({ contactId }) => Promise.resolve(reply(insights({ contactId }))),
      'recordings.list': { recordings: [], received: 0, total: 0, limit: 3, offset: 0, hasMore: false },
    });
    const client = new QueryClient();
    const page = { site: 'gmail' as const, recognised: true, surfaces: [surface([pagePerson('Grace Liu', 'grace@example.org', null)], { kind: 'thread' })] };
    prefetchBriefing(client, { tabId: 3, focus: null, page, status: null });
    await vi.waitFor(() => expect(client.getQueryData(['insights', 'g'])).toBeDefined());
    expect(sent('contact.find')).toEqual([{ email: 'grace@example.org' }]);
    expect(sent('recordings.list')).toEqual([{ contactId: 'g', limit: 3, offset: 0 }]);
  });
});
