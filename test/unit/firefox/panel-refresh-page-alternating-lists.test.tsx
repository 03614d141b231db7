/**
 * Firefox (3758c3e9): the open side panel asks the service again for every briefing and recording
 * list it shows when an upload turns `completed` (useRefreshOnUploads someCompleted). The list
 * before a change (its oldValue) is taken at its word (parseUploads), and the list after it counts
 * if the background signed it in a current write. A page that can write storage.local needs no
 * forgery: it writes an empty list (or any list without the completed upload), then writes back
 * the list the background signed, unchanged and still current; each such pair is "an upload newly
 * completed". What the user sees: with the panel open, a page loops this and the panel refetches all
 * insights and recordings it shows each time (its lists flicker to loading; the calls run into the
 * service's rate limit, and the panel then shows rate-limit errors), though no upload completed.
 */
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useRefreshOnUploads } from '@/components/panel/data/useRefreshOnUploads';
import { uploadStore } from '@/lib/background/upload-store';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { uploadRecord } from '../upload/helpers';

beforeEach(() => vi.stubEnv('FIREFOX', true as never));
afterEach(() => vi.unstubAllEnvs());

it('a page writing the signed list back again and again does not make the panel refetch each time', async () => {
  // An upload completed before the panel was opened.
  await uploadStore().put(uploadRecord({ state: 'completed', createdAt: 1 }, 'done'));
  const signed = (await fakeBrowser.storage.local.get(UPLOADS_KEY))[UPLOADS_KEY];

  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  renderHook(() => useRefreshOnUploads(), { wrapper });

  // The page's loop: the list emptied, then the background's own list written back as it was.
  for (let round = 0; round < 5; round++) {
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: [] });
    await fakeBrowser.storage.local.set({ [UPLOADS_KEY]: signed });
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await new Promise((resolve) => setTimeout(resolve, 50));

  // Nothing completed while the panel was open (at most one refresh would be tolerable).
  expect(invalidate.mock.calls.length).toBeLessThanOrEqual(2);
});
