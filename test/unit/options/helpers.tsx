/** Shared set-up for the options page tests: a fake background and a fresh query client. */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { SettingsView } from '@/lib/messaging/protocol';

export { fakeBackground, renderWithClient, sent, type Background } from '../support/fake-background';

export function grantPermission(granted: boolean) {
  const request = vi.fn((_permissions: { origins?: string[] }) => Promise.resolve(granted));
  fakeBrowser.permissions.request = request;
  return request;
}

export function settingsView(overrides: Partial<SettingsView> = {}): SettingsView {
  const view: SettingsView = {
    serviceUrl: 'https://api.example.com',
    hasApiKey: true,
    apiKeyHint: 'abcd',
    apiKeyAddress: null,
    locked: { serviceUrl: false, apiKey: false },
    ...overrides,
  };
  // Unless a test says otherwise, a key the user saved belongs to the address shown.
  if (!('apiKeyAddress' in overrides) && view.hasApiKey && !view.locked.apiKey) view.apiKeyAddress = view.serviceUrl;
  return view;
}

