/**
 * An upload's row names its contact after the file's size and the meeting's date: "12 MB · 19 Nov,
 * 15:00 · with דנה כהן (matched by name)". The name is the page's or the service's text set in
 * Primer's words; left in one run with them, a Hebrew or Arabic name took "(matched by name)" into
 * its right-to-left run and showed it before the name. The name is isolated on its own, the note
 * after it outside.
 */
import { render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { UploadList } from '@/components/popup/UploadList';
import { record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

it('isolates the contact’s name in “with …” apart from its “(matched by name)”', () => {
  render(<UploadList uploads={[record({ meta: { ...record().meta, primaryContactName: 'דנה כהן', primaryContactMatchedBy: 'name' } })]} />);
  const row = screen.getByRole('listitem');
  expect(row).toHaveTextContent('· with דנה כהן (matched by name)');
  expect([...row.querySelectorAll('bdi')].map((bdi) => bdi.textContent)).toEqual(['דנה כהן']);
});
