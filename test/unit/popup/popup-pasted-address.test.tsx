/**
 * The popup's "Primary contact’s e-mail" takes an address pasted from elsewhere as the side panel's
 * "Find a person by e-mail" does (search-pasted-forms.test.tsx): an address copied from a
 * right-to-left page or Windows carries direction marks nobody sees; a copied link is a
 * `mailto:`; a mail chip copies as "Name <address>". The popup looks these up as typed: the
 * service is asked for "\u200Flee@example.org" and the user is told "Primer found no single
 * contact with the address lee@example.org" (the mark invisible) for a contact the panel finds.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadForm } from '@/components/popup/UploadForm';
import { EMPTY_DRAFT } from '@/lib/upload/draft';
import { handOverFile } from '@/lib/upload/hand-over';
import { fakeBackground } from '../support/fake-background';
import { match } from '../panel/fixtures';
import { record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));
vi.mock('@/lib/upload/hand-over', () => ({ handOverFile: vi.fn() }));

describe('UploadForm: an address pasted for someone else', () => {
  beforeEach(() => {
    vi.mocked(handOverFile).mockReset();
    vi.mocked(handOverFile).mockImplementation(({ id }) => Promise.resolve(record({ id })));
  });
  afterEach(cleanup);

  it.each([
    ['a right-to-left mark before it', '\u200Flee@example.org'],
    ['a left-to-right mark after it', 'lee@example.org\u200E'],
    ['a mailto: link', 'mailto:lee@example.org'],
    ['a name and the address in angle brackets, as a mail chip copies', 'Lee Park <Lee@Example.org>'],
  ])('finds the contact (%s)', async (_, pasted) => {
    const asked: string[] = [];
    fakeBackground({
      'upload.prepare': { ready: true },
      'contact.find': (query) => {
        if ('email' in query) asked.push(query.email);
        return Promise.resolve('email' in query && query.email === 'lee@example.org' ? match('l', 'Lee Park', 'lee@example.org') : null);
      },
    });
    const user = userEvent.setup();
    render(<UploadForm draft={EMPTY_DRAFT} onStarted={vi.fn()} />);
    const email = screen.getByLabelText(/Primary contact’s e-mail/);
    await user.click(email);
    await user.paste(pasted);
    await waitFor(() => expect(asked.length).toBeGreaterThan(0), { timeout: 3000 });
    expect(asked).toEqual(['lee@example.org']);
    await waitFor(() => expect(email).toHaveAccessibleDescription('That is Lee Park.'), { timeout: 3000 });
  });
});
