/**
 * The panel's search drops every direction mark a right-to-left page copies with an address,
 * the Arabic letter mark (U+061C) too, as it drops LRM, RLM, embeddings and isolates.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { PersonSearch } from '@/components/panel/PersonSearch';

afterEach(cleanup);

it.each([
  ['after the address', 'maya.chen@example.com\u061C'],
  ['before the address', '\u061Cmaya.chen@example.com'],
])('takes an address with an Arabic letter mark %s', async (_, typed) => {
  const onFind = vi.fn();
  render(<PersonSearch onFind={onFind} />);
  await userEvent.type(screen.getByLabelText('Find a person by e-mail'), `${typed}{Enter}`);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(onFind).toHaveBeenCalledWith('maya.chen@example.com');
});
