import { describe, expect, it } from 'vitest';
import { PANEL_CACHE_BUSTER, readPersisted, shouldPersist } from '@/components/panel/data/persistence';
import { insights, reply } from './fixtures';

const query = (queryKey: unknown[], data: unknown) => ({ queryKey, queryHash: JSON.stringify(queryKey), state: { data, dataUpdatedAt: 1, status: 'success' } });

describe('panel cache persistence', () => {
  it('keeps briefings, contacts and recording lists, not transcripts or failures', () => {
    const state = (status: 'success' | 'error') => ({ status }) as never;
    expect(shouldPersist({ queryKey: ['insights', 'm'], state: state('success') })).toBe(true);
    expect(shouldPersist({ queryKey: ['contact', 'email:a@b.c'], state: state('success') })).toBe(true);
    expect(shouldPersist({ queryKey: ['transcript', 'r'], state: state('success') })).toBe(false);
    expect(shouldPersist({ queryKey: ['insights', 'm'], state: state('error') })).toBe(false);
  });

  it('reads back only entries that still fit their schema', () => {
    const saved = {
      timestamp: 5,
      buster: PANEL_CACHE_BUSTER,
      clientState: {
        mutations: [],
        queries: [
          query(['insights', 'm'], reply(insights())),
          query(['insights', 'old'], { contactId: 'old', tone: 'from an older version' }),
          query(['contact', 'email:x@y.z'], null),
          query(['transcript', 'r'], { segments: [] }),
          { nonsense: true },
        ],
      },
    };
    const read = readPersisted(JSON.stringify(saved));
    expect(read.timestamp).toBe(5);
    expect(read.clientState.queries.map((q) => q.queryKey)).toEqual([['insights', 'm'], ['contact', 'email:x@y.z']]);
  });

  it('treats unreadable storage as empty', () => {
    expect(readPersisted('{not json').clientState.queries).toEqual([]);
    expect(readPersisted('{"timestamp":"yesterday"}').clientState.queries).toEqual([]);
  });
});
