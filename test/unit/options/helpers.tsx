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
  return {
    serviceUrl: 'https://api.example.com',
    hasApiKey: true,
    apiKeyHint: 'abcd',
    locked: { serviceUrl: false, apiKey: false },
    ...overrides,
  };
}

