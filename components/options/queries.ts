/** Query keys and hooks for the options page; every call goes through the background. */
import { useQuery } from '@tanstack/react-query';
import { sendRequest } from '@/lib/messaging/send';

export const settingsKey = ['settings'] as const;
export const webhooksKey = ['webhooks'] as const;

export function useSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => sendRequest('settings.get', {}) });
}

export function useWebhookList(enabled: boolean) {
  return useQuery({ queryKey: webhooksKey, queryFn: () => sendRequest('webhook.list', {}), enabled });
}
