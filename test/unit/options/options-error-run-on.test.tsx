/**
 * The options page adds its own advice after the service's message for a refused key. Services
 * rarely end their messages with a full stop ("Invalid API key", "Unauthorized"): the two run
 * together, "Invalid API key Check the API key under “Service settings”."
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, parseErrorBody } from '@/lib/api/errors';
import { errorMessage } from '@/components/options/error-message';
import { WebhookSection } from '@/components/options/WebhookSection';
import { fakeBackground, renderWithClient, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('a service message followed by the options page’s advice', () => {
  it('is its own sentence (errorMessage)', () => {
    // What http.ts reads from a typical 401 body.
    const { message } = parseErrorBody('{"statusCode":401,"message":"Invalid API key"}', 'application/json');
    expect(message).toBe('Invalid API key');
    const said = errorMessage(new ApiError('unauthorized', message!, { status: 401 }));
    expect(said).not.toMatch(/[^.!?]\sCheck the API key/);
  });

  it('reads as sentences where the webhooks cannot be listed', async () => {
    fakeBackground({ 'webhook.list': new ApiError('forbidden', 'Forbidden', { status: 403 }) });
    renderWithClient(<WebhookSection settings={settingsView()} />);
    const text = await screen.findByText(/Primer could not load the webhooks/);
    expect(text.textContent).not.toContain('Forbidden The API key');
  });
});
