/**
 * Firefox: the side panel asks the service again for every briefing and recording list it shows
 * when an upload turns `completed` (useRefreshOnUploads someCompleted, comparing the change's
 * oldValue with its newValue). Since each write is signed with its generation and the reader takes
 * only generations from the last landed write on (lib/storage/write-generation.ts), the oldValue of
 * a change (the background's previous write) reads as untrusted once the write that replaced it
 * has landed, which it has by the time the panel reads the vault. So an upload completed earlier
 * (kept in the list) counts as "newly completed" at every later write of the list: what the user
 * sees is the open panel refetching all insights and recordings at each progress save of an upload
 * being sent (hundreds of calls to the service during one upload, into its rate limit, the panel's
 * lists flickering to loading).
 */
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { someCompleted, useRefreshOnUploads } from '@/components/panel/data/useRefreshOnUploads';
import { uploadStore } from '@/lib/background/upload-store';
import { UPLOADS_KEY } from '@/lib/upload/store';
import { uploadRecord, withUrl } from '../upload/helpers';

beforeEach(() => vi.stubEnv('FIREFOX', true as never));
afterEach(() => vi.unstubAllEnvs());

it('a progress save of another upload is not taken for an upload newly completed', async () => {
  const store = uploadStore();
  await store.put(uploadRecord({ state: 'completed', createdAt: 1 }, 'done'));
  await store.put(withUrl({ state: 'uploading', serviceUrl: 'https://svc.example' }));

  let change: { oldValue?: unknown; newValue?: unknown } | undefined;
  fakeBrowser.storage.onChanged.addListener((changes) => void (change = changes[UPLOADS_KEY]));
  // A progress save of the upload being sent; the panel gets the change as the background goes on.
  await store.update('u1', (record) => ({ ...record, sentBytes: 1024 }));

  expect(change).toBeDefined();
  expect(await someCompleted(change!.oldValue, change!.newValue)).toBe(false);
});

it('the open panel does not refetch insights and recordings at each progress save', async () => {
  const store = uploadStore();
  await store.put(uploadRecord({ state: 'completed', createdAt: 1 }, 'done'));
  await store.put(withUrl({ state: 'uploading', serviceUrl: 'https://svc.example' }));

  // The change reaches the panel (another page) a moment after the background's set resolved.
  const addListener = fakeBrowser.storage.onChanged.addListener.bind(fakeBrowser.storage.onChanged);
  vi.spyOn(fakeBrowser.storage.onChanged, 'addListener').mockImplementation((listener) =>
    addListener((...args) => void setTimeout(() => listener(...args), 5)),
  );
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  renderHook(() => useRefreshOnUploads(), { wrapper });

  for (const sentBytes of [1024, 2048, 4096]) await store.update('u1', (record) => ({ ...record, sentBytes }));
  await new Promise((resolve) => setTimeout(resolve, 50));

  expect(invalidate).not.toHaveBeenCalled();
});
