import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Transcript } from '@/components/panel/recordings/Transcript';
import { longTranscript } from './heavy-fixtures';

describe('Transcript of a three-hour recording', () => {
  it('draws the first turns at once and the rest on request, moving focus to the first turn added', async () => {
    const { container } = render(<Transcript transcript={{ recordingId: 'a', segments: longTranscript(8000) }} />);
    const turns = () => container.querySelectorAll('.transcript > li');
    // Before: all 8,000 turns, 48,001 elements, in one synchronous render (2.5 s in happy-dom).
    expect(turns().length).toBeLessThanOrEqual(300);
    expect(container.querySelectorAll('*').length).toBeLessThan(2500);
    // How much is left is said, and where the shown part ends.
    const more = screen.getByRole('button', { name: /^Show more of the transcript/ });
    expect(more).toHaveAccessibleDescription(/7,\d{3} more turns/);
    const before = turns().length;
    await userEvent.click(more);
    expect(turns().length).toBeGreaterThan(before);
    expect(document.activeElement).toBe(turns()[before]);
    await userEvent.click(screen.getByRole('button', { name: 'Show the whole transcript' }));
    expect(turns()).toHaveLength(8000);
    expect(screen.queryByRole('button', { name: /^Show/ })).toBeNull();
  }, 60_000);

  it('shows a short transcript whole, with no button', () => {
    render(<Transcript transcript={{ recordingId: 'a', segments: longTranscript(40) }} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
