/**
 * Every instruction in Primer sends the user to "the service address" ("add the service address
 * and API key", "Check the service address in Primer’s options", "Enter the service address."),
 * but the one field for it is labelled "Service URL".
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ServiceSettingsForm } from '@/components/options/ServiceSettingsForm';
import { PROBLEMS } from '@/components/panel/states/problem-text';
import { describeLookupProblem } from '@/lib/storage/lookup-problem';
import { fakeBackground, renderWithClient, settingsView } from './helpers';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('the service address field', () => {
  it('is called what the instructions call it', async () => {
    // What the panel and the toolbar tell the user to find in the options.
    expect(PROBLEMS.not_configured.text).toContain('service address');
    expect(describeLookupProblem({ problem: 'not_the_service', service: null }).fix).toContain('service address');
    fakeBackground({});
    renderWithClient(<ServiceSettingsForm settings={settingsView({ serviceUrl: null, hasApiKey: false, apiKeyAddress: null, apiKeyHint: null })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The field's own error says "service address" too…
    expect(await screen.findByText('Enter the service address.')).toBeInTheDocument();
    // …under a field named otherwise.
    expect(screen.getByRole('textbox', { name: /service address/i })).toBeInTheDocument();
  });
});
