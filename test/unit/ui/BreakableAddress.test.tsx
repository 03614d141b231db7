import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableAddress } from '@/components/ui/BreakableAddress';
import { PersonHeader } from '@/components/panel/person/PersonHeader';

describe('BreakableAddress', () => {
  it('lets an address wrap after the "@" and before each dot, its text unchanged', () => {
    const { container } = render(
      <p>
        <BreakableAddress text="nobody@unknown.example" />
      </p>,
    );
    expect(container.querySelector('p')!.textContent).toBe('nobody@unknown.example');
    expect(container.querySelector('p')!.innerHTML).toBe('nobody@<wbr>unknown<wbr>.example');
  });

  it('leaves a name as it is', () => {
    const { container } = render(
      <p>
        <BreakableAddress text="Maya Chen Jr." />
      </p>,
    );
    expect(container.querySelector('p')!.innerHTML).toBe('Maya Chen Jr.');
  });

  it('is used for the title of someone known only by address: named and shown as the address, wrapping at its parts', () => {
    render(<PersonHeader match={null} fallbackName="nobody@unknown.example" fallbackEmail="nobody@unknown.example" />);
    const heading = screen.getByRole('heading', { level: 1, name: 'nobody@unknown.example' });
    expect(heading).toHaveTextContent(/^nobody@unknown\.example$/);
    expect(heading.querySelectorAll('wbr')).toHaveLength(2);
  });
});
