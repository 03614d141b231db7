import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FreshnessNote } from '@/components/panel/states/FreshnessNote';
import { ApiError } from '@/lib/api/errors';

describe('a last copy shown because the service was too slow (the panel’s 4 s timeout)', () => {
  it('does not tell a user who is online that they are offline', () => {
    const slow = new ApiError('timeout', 'The service took too long to answer.').toInfo();
    render(<FreshnessNote asOf={Date.now() - 3_600_000} problem={slow} updatedAt={Date.now()} onRetry={() => undefined} />);
    const note = screen.getByRole('status');
    expect(note).not.toHaveTextContent(/Offline/);
    expect(note).toHaveTextContent(/^The service is slow to answer: showing the briefing as of /);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });
});
