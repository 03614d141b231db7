/** Query keys and hooks for the options page; every call goes through the background. */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sendRequest } from '@/lib/messaging/send';
import { watchSettings } from '@/lib/storage/settings-change';

export const settingsKey = ['settings'] as const;
export const webhooksKey = ['webhooks'] as const;

/**
 * The settings in effect, followed as they change elsewhere (another options tab, an
 * administrator's policy): the page does not go on offering a key or webhooks that are gone.
 */
export function useSettings() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      watchSettings(() => {
        void queryClient.invalidateQueries({ queryKey: settingsKey });
        void queryClient.invalidateQueries({ queryKey: webhooksKey });
      }),
    [queryClient],
  );
  return useQuery({ queryKey: settingsKey, queryFn: () => sendRequest('settings.get', {}) });
}

export function useWebhookList(enabled: boolean) {
  return useQuery({ queryKey: webhooksKey, queryFn: () => sendRequest('webhook.list', {}), enabled });
}
