import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PanelErrorBoundary } from '@/components/panel/PanelErrorBoundary';

function Broken(): never {
  throw new Error('secret page text that must not be shown');
}

describe('PanelErrorBoundary', () => {
  it('replaces a panel that failed to draw with what happened and a way to reload', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    render(
      <PanelErrorBoundary onReload={reload}>
        <Broken />
      </PanelErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Primer’s panel ran into a problem');
    expect(alert).not.toHaveTextContent('secret page text');
    await userEvent.click(screen.getByRole('button', { name: 'Reload the panel' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalled();
  });

  it('draws the panel as it is when nothing fails', () => {
    render(
      <PanelErrorBoundary>
        <p>briefing</p>
      </PanelErrorBoundary>,
    );
    expect(screen.getByText('briefing')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
