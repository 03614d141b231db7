import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersonSearch } from '@/components/panel/PersonSearch';

describe('PersonSearch', () => {
  afterEach(cleanup);

  const search = async (typed: string) => {
    const onFind = vi.fn();
    render(<PersonSearch onFind={onFind} />);
    const field = screen.getByLabelText('Find a person by e-mail');
    await userEvent.type(field, `${typed}{Enter}`);
    cleanup();
    return onFind;
  };

  it('finds the address in what is usually pasted: a mailto link, a "Name <address>" chip, brackets, a trailing comma or stop, invisible characters', async () => {
    for (const typed of ['mailto:maya.chen@example.com', '<maya.chen@example.com>', 'Maya Chen <Maya.Chen@Example.com>', 'maya.chen@example.com.', 'maya.chen@example.com,', 'maya.chen\u200B@example.com', '  MAYA.CHEN@EXAMPLE.COM  ']) {
      expect(await search(typed), typed).toHaveBeenCalledWith('maya.chen@example.com');
    }
  });

  it('says at once, to screen readers too, when what was typed holds no address, and stops saying so once it is edited', async () => {
    const onFind = vi.fn();
    render(<PersonSearch onFind={onFind} />);
    const field = screen.getByLabelText('Find a person by e-mail');
    await userEvent.type(field, 'maya chen{Enter}');
    expect(onFind).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a full e-mail address, like name@company.com.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field, '@');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field).toHaveAttribute('aria-invalid', 'false');
  });
});
