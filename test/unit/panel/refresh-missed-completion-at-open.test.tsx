/**
 * Chrome (5b19e65d, useRefreshOnUploads): the panel seeds its `seen` completed uploads from a first
 * read of the list at mount, and looks at changes only after it. When an upload turns `completed`
 * while that read is on its way (the write lands before the read is served, its change event comes
 * after the listener was added), the read already holds the completed upload: `seen` has it, and
 * the change that completed it is taken as nothing new. What the user sees: the side panel, opened
 * as a recording finished processing, never asks again for the briefings and recordings it shows
 * (its first requests went out before the completion); the new recording and the updated briefing
 * stay missing until the panel is reopened. Before 5b19e65d that change refreshed it.
 */
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { useRefreshOnUploads } from '@/components/panel/data/useRefreshOnUploads';
import { uploadStore } from '@/lib/background/upload-store';
import { uploadRecord } from '../upload/helpers';

afterEach(() => vi.restoreAllMocks());

it('an upload completing while the panel opens refreshes it', async () => {
  await uploadStore().put(uploadRecord({ state: 'processing', recordingId: 'rec-1', putDone: true }, 'u1'));

  // The panel's first read reaches storage only after the background's next write.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
  const delayed = (...args: Parameters<typeof get>) => gate.then(() => get(...args));
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- storage.local.get answers with a promise
  const spy = vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementationOnce(delayed);

  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  renderHook(() => useRefreshOnUploads(), { wrapper });
  // Only the panel's read at mount waits.
  spy.mockRestore();

  // The poll saves the upload completed.
  await uploadStore().update('u1', (record) => ({ ...record, state: 'completed', processingProgress: 100 }));
  release();
  await new Promise((resolve) => setTimeout(resolve, 50));

  expect(invalidate).toHaveBeenCalledWith({ queryKey: ['insights'] });
});
