import { readFileSync } from 'node:fs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UploadList } from '@/components/popup/UploadList';
import { fakeBackground, sent } from '../support/fake-background';
import { grantPermission } from '../options/helpers';
import type { UploadRecord } from '@/lib/upload/record';
import { record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));


describe('UploadList', () => {
  it('says "matched by name" of an upload’s contact tied by a full-name match, and nothing of one tied by address', () => {
    const byName = record({ id: 'u2', meta: { ...record().meta, primaryContactName: 'Jo Park', primaryContactMatchedBy: 'name' } });
    render(<UploadList uploads={[byName, record()]} />);
    const [jo, maya] = screen.getAllByRole('listitem');
    expect(jo).toHaveTextContent('· with Jo Park (matched by name)');
    expect(maya).toHaveTextContent('· with Maya Chen');
    expect(maya).not.toHaveTextContent('matched by name');
  });

  it('draws processing of unknown progress as a moving stripe on a bar of its own, not the upload’s full bar', () => {
    const { rerender } = render(<UploadList uploads={[record({ state: 'completing' })]} />);
    const sending = screen.getByRole('progressbar');
    expect(sending.querySelector('.progress__bar')).toHaveStyle({ transform: 'scaleX(1)' });
    rerender(<UploadList uploads={[record({ state: 'processing', processingProgress: null })]} />);
    const processing = screen.getByRole('progressbar', { name: 'Weekly sync: processing' });
    // Another element: the full bar does not slide back to the service's first percent.
    expect(processing).not.toBe(sending);
    expect(processing).toHaveClass('progress--unknown');
    expect(processing.querySelector<HTMLElement>('.progress__bar')?.style.transform).toBe('');
    const css = readFileSync('components/popup/popup.css', 'utf8');
    expect(css).toMatch(/\.progress--unknown \.progress__bar\s*\{[^}]*animation:\s*progress-unknown/);
    expect(css).not.toMatch(/\.progress--unknown \.progress__bar\s*\{[^}]*opacity/);
  });

  it('lets an address with no place to break wrap in the popup’s messages, not widen it', () => {
    const css = readFileSync('components/popup/popup.css', 'utf8');
    expect(css).toMatch(/\.popup \.ui-error,\s*\.popup \.ui-message,\s*\.popup \.ui-hint\s*\{[^}]*overflow-wrap:\s*anywhere/);
  });

  it('says when there is nothing yet', () => {
    render(<UploadList uploads={[]} />);
    expect(screen.getByText('No recordings uploaded yet.')).toBeInTheDocument();
  });

  it('shows a sending upload with its progress in bytes and percent, and cancels it', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'upload.cancel': ({ id }) => Promise.resolve(record({ id, state: 'cancelled' })) });
    render(<UploadList uploads={[record({ state: 'uploading', sentBytes: 30 * 1024 * 1024 })]} />);
    const item = screen.getByRole('listitem', { name: 'Weekly sync: Uploading' });
    const bar = within(item).getByRole('progressbar', { name: 'Weekly sync: upload' });
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect(bar).toHaveAttribute('aria-valuetext', '30.0 MB of 40.0 MB · 75%');
    expect(item).toHaveTextContent('Weekly sync.m4a · 40.0 MB');
    expect(item).toHaveTextContent('with Maya Chen');
    expect(within(item).queryByRole('button', { name: 'Remove' })).toBeNull();
    await user.click(within(item).getByRole('button', { name: 'Cancel' }));
    expect(sent('upload.cancel')).toEqual([{ id: 'u1' }]);
  });

  it('offers no Cancel while finishing: the file is stored, and the service may be processing it already', () => {
    render(<UploadList uploads={[record({ state: 'completing', putDone: true, sentBytes: 40 * 1024 * 1024 })]} />);
    const item = screen.getByRole('listitem', { name: /^Weekly sync/ });
    expect(within(item).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('asks for access to the upload origin from the click, then goes on', async () => {
    const user = userEvent.setup();
    const request = grantPermission(true);
    fakeBackground({ 'upload.retry': ({ id }) => Promise.resolve(record({ id, state: 'uploading' })) });
    const waiting = record({ state: 'failed', failedStep: 'put', needsAccess: 'https://uploads.example/*', error: 'Primer needs your permission to send the recording to uploads.example.' });
    render(<UploadList uploads={[waiting]} />);
    const item = screen.getByRole('listitem', { name: 'Weekly sync: Needs your permission' });
    expect(item).toHaveTextContent('Primer needs your permission to send the recording to uploads.example.');
    await user.click(within(item).getByRole('button', { name: 'Allow and upload' }));
    expect(request).toHaveBeenCalledWith({ origins: ['https://uploads.example/*'] });
    await waitFor(() => expect(sent('upload.retry')).toEqual([{ id: 'u1' }]));
  });

  it('does not go on when access is refused, and says why', async () => {
    const user = userEvent.setup();
    grantPermission(false);
    fakeBackground({});
    render(<UploadList uploads={[record({ state: 'failed', failedStep: 'put', needsAccess: 'https://uploads.example/*' })]} />);
    await user.click(screen.getByRole('button', { name: 'Allow and upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Primer was not allowed to send the file there');
    expect(sent('upload.retry')).toHaveLength(0);
  });

  // The popup never has the upload's address (storage.local keeps it sealed for the background): it
  // asks for the host the record names, one host by the background's rule, whatever the record says.
  it('asks for one host, never for more than the stored record names one (content scripts can write it)', async () => {
    const user = userEvent.setup();
    const request = grantPermission(true);
    fakeBackground({ 'upload.retry': ({ id }) => Promise.resolve(record({ id, state: 'uploading' })) });
    render(<UploadList uploads={[record({ state: 'failed', failedStep: 'put', needsAccess: 'https://uploads.example:8443/rec-1?sig=x' })]} />);
    await user.click(screen.getByRole('button', { name: 'Allow and upload' }));
    expect(request).toHaveBeenCalledExactlyOnceWith({ origins: ['https://uploads.example/*'] });
    await waitFor(() => expect(sent('upload.retry')).toEqual([{ id: 'u1' }]));
  });

  it.each(['https://*/*', 'https://*.example/*', '*://*/*', '<all_urls>', 'http://uploads.example/*'])('asks for nothing, and does not go on, for the pattern %s', async (needsAccess) => {
    const user = userEvent.setup();
    const request = grantPermission(true);
    fakeBackground({});
    render(<UploadList uploads={[record({ state: 'failed', failedStep: 'put', needsAccess })]} />);
    await user.click(screen.getByRole('button', { name: 'Allow and upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Primer was not allowed to send the file there');
    expect(request).not.toHaveBeenCalled();
    expect(sent('upload.retry')).toHaveLength(0);
  });

  it('retries a failed step, resumes a cancelled upload, removes finished ones', async () => {
    const user = userEvent.setup();
    fakeBackground({
      'upload.retry': ({ id }) => Promise.resolve(record({ id })),
      'upload.dismiss': () => Promise.resolve({ removed: true }),
    });
    render(
      <UploadList
        uploads={[
          record({ id: 'a', state: 'failed', failedStep: 'complete', putDone: true, error: 'The service answered 500.', meta: { ...record().meta, title: 'A' } }),
          record({ id: 'b', state: 'cancelled', meta: { ...record().meta, title: 'B' } }),
          record({ id: 'c', state: 'completed', processingProgress: 100, meta: { ...record().meta, title: 'C' } }),
          record({ id: 'd', state: 'failed', failedStep: 'processing', error: `Audio could not be decoded.\n\n${'at decode (worker.js:1) '.repeat(40)}`, meta: { ...record().meta, title: 'D' } }),
        ]}
      />,
    );
    // The service's own words, on one line and cut short (it may send a whole stack trace).
    const decodeError = within(screen.getByRole('listitem', { name: /^D: / })).getByText(/^Audio could not be decoded\. at decode/);
    expect(decodeError.textContent).toMatch(/…$/);
    expect(decodeError.textContent.length).toBeLessThanOrEqual(200);
    const a = screen.getByRole('listitem', { name: 'A: Failed while telling the service the file has arrived' });
    expect(a).toHaveTextContent('The service answered 500.');
    await user.click(within(a).getByRole('button', { name: 'Retry finishing' }));
    await user.click(within(screen.getByRole('listitem', { name: 'B: Cancelled' })).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(sent('upload.retry')).toEqual([{ id: 'a' }, { id: 'b' }]));

    const c = screen.getByRole('listitem', { name: 'C: Ready' });
    expect(within(c).queryByRole('progressbar')).toBeNull();
    await user.click(within(c).getByRole('button', { name: 'Remove' }));
    expect(sent('upload.dismiss')).toEqual([{ id: 'c' }]);

    // Processing failed on the service: the file must be uploaded again, so no retry is offered.
    const d = screen.getByRole('listitem', { name: 'D: Failed while processing' });
    expect(d).toHaveTextContent('Audio could not be decoded.');
    expect(within(d).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('offers the options when the service refused the key or Primer has none, not for storage’s refusal of the PUT', () => {
    render(
      <UploadList
        uploads={[
          record({ id: 'a', state: 'failed', failedStep: 'request-url', error: 'The service did not accept the API key.', errorKind: 'unauthorized', meta: { ...record().meta, title: 'A' } }),
          record({ id: 'b', state: 'failed', failedStep: 'complete', putDone: true, error: 'Primer is not set up.', errorKind: 'not_configured', meta: { ...record().meta, title: 'B' } }),
          record({ id: 'c', state: 'failed', failedStep: 'put', error: 'Storage answered 401.', errorKind: 'unauthorized', meta: { ...record().meta, title: 'C' } }),
          record({ id: 'd', state: 'failed', failedStep: 'complete', putDone: true, error: 'The service answered 500.', errorKind: 'server', meta: { ...record().meta, title: 'D' } }),
        ]}
      />,
    );
    const options = (title: string) => within(screen.getByRole('listitem', { name: new RegExp(`^${title}: `) })).queryByRole('button', { name: 'Open Primer options' });
    expect(options('A')).not.toBeNull();
    expect(options('B')).not.toBeNull();
    expect(options('C')).toBeNull();
    expect(options('D')).toBeNull();
  });

  it('offers the options when the service forbids the key what it asked (403), not for storage’s 403 on the PUT', () => {
    render(
      <UploadList
        uploads={[
          record({ id: 'a', state: 'failed', failedStep: 'request-url', error: 'This key may not upload recordings.', errorKind: 'forbidden', errorStatus: 403, meta: { ...record().meta, title: 'A' } }),
          record({ id: 'b', state: 'processing', error: 'This key may not read recordings.', errorKind: 'forbidden', meta: { ...record().meta, title: 'B' } }),
          record({ id: 'c', state: 'failed', failedStep: 'put', error: 'Storage answered 403.', errorKind: 'forbidden', errorStatus: 403, meta: { ...record().meta, title: 'C' } }),
        ]}
      />,
    );
    const options = (title: string) => within(screen.getByRole('listitem', { name: new RegExp(`^${title}: `) })).queryByRole('button', { name: 'Open Primer options' });
    expect(options('A')).not.toBeNull();
    expect(options('B')).not.toBeNull();
    expect(options('C')).toBeNull();
  });

  it('shows processing as the service reports it', () => {
    render(<UploadList uploads={[record({ state: 'processing', processingStatus: 'transcribing', processingProgress: 40 })]} />);
    const bar = screen.getByRole('progressbar', { name: 'Weekly sync: processing' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Service: Transcribing · 40%');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('stops following an upload being processed, saying the service goes on with it', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'upload.dismiss': { removed: true } });
    render(<UploadList uploads={[record({ state: 'processing', processingStatus: 'queued' })]} />);
    const stop = screen.getByRole('button', { name: 'Stop following' });
    expect(stop).toHaveAccessibleDescription('Weekly sync The service goes on processing the recording; Primer stops checking on it.');
    await user.click(stop);
    expect(sent('upload.dismiss')).toEqual([{ id: 'u1' }]);
  });

  it('offers the options while processing cannot be checked because the key is refused', () => {
    render(<UploadList uploads={[record({ state: 'processing', error: 'The service refused the API key.', errorKind: 'unauthorized' })]} />);
    const item = screen.getByRole('listitem', { name: /^Weekly sync/ });
    expect(item).toHaveTextContent('The service refused the API key.');
    expect(within(item).getByRole('button', { name: 'Open Primer options' })).toBeInTheDocument();
  });

  it('says why processing cannot be checked now (a recording of another service)', () => {
    const why = 'This recording was created on https://svc-a.test, and Primer now uses https://svc-b.test. Set Primer back to https://svc-a.test to finish it.';
    render(<UploadList uploads={[record({ state: 'processing', processingStatus: 'queued', error: why })]} />);
    expect(screen.getByRole('listitem', { name: /^Weekly sync/ })).toHaveTextContent(why);
  });
});

describe('UploadList announcements', () => {
  const status = () => screen.getAllByRole('status').at(-1)!;

  it('says nothing of what was there when it opened, then each change of state, with why it failed', () => {
    const { rerender } = render(<UploadList uploads={[record({ state: 'processing' })]} />);
    expect(status()).toHaveTextContent(/^$/);
    rerender(<UploadList uploads={[record({ state: 'completed' })]} />);
    expect(status()).toHaveTextContent('Weekly sync: Ready.');
    rerender(<UploadList uploads={[record({ state: 'failed', failedStep: 'complete', error: 'Service unavailable' })]} />);
    expect(status()).toHaveTextContent('Weekly sync: Failed while telling the service the file has arrived (Service unavailable).');
  });

  it('says the progress of a file being sent by the quarter, not every percent', () => {
    const size = 40 * 1024 * 1024;
    const at = (sent: number) => [record({ state: 'uploading', sentBytes: sent })];
    const { rerender } = render(<UploadList uploads={at(0)} />);
    const heard: string[] = [];
    for (let percent = 1; percent <= 99; percent++) {
      rerender(<UploadList uploads={at(Math.floor((size * percent) / 100))} />);
      const text = status().textContent ?? '';
      if (text !== heard.at(-1)) heard.push(text);
    }
    expect(heard).toEqual(['', 'Weekly sync: 25% sent.', 'Weekly sync: 50% sent.', 'Weekly sync: 75% sent.']);
  });
});

describe('UploadList keeps the keyboard’s place', () => {
  it('gives the row the focus when the button pressed in it is replaced (Cancel → Resume)', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'upload.cancel': ({ id }) => Promise.resolve(record({ id, state: 'cancelled' })) });
    const { rerender } = render(<UploadList uploads={[record({ state: 'uploading' })]} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    rerender(<UploadList uploads={[record({ state: 'cancelled' })]} />);
    expect(screen.getByRole('listitem', { name: 'Weekly sync: Cancelled' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Resume' })).toHaveFocus();
  });

  it('after Remove, gives the focus to the row now in its place, then to the list when it is empty', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'upload.dismiss': () => Promise.resolve({ removed: true }) });
    const first = record({ id: 'a', state: 'completed', meta: { ...record().meta, title: 'First' } });
    const second = record({ id: 'b', state: 'completed', meta: { ...record().meta, title: 'Second' } });
    const { rerender } = render(<UploadList uploads={[first, second]} />);
    await user.click(within(screen.getByRole('listitem', { name: 'First: Ready' })).getByRole('button', { name: 'Remove' }));
    rerender(<UploadList uploads={[second]} />);
    expect(screen.getByRole('listitem', { name: 'Second: Ready' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    rerender(<UploadList uploads={[]} />);
    expect(screen.getByText('No recordings uploaded yet.').parentElement).toHaveFocus();
  });

  it('does not take the focus back once the user has moved it out of the list', async () => {
    const user = userEvent.setup();
    const page = (uploads: UploadRecord[]) => (
      <>
        <button type="button">Elsewhere</button>
        <UploadList uploads={uploads} />
      </>
    );
    const { rerender } = render(page([record({ state: 'uploading' })]));
    screen.getByRole('button', { name: 'Cancel' }).focus();
    screen.getByRole('button', { name: 'Cancel' }).blur();
    rerender(page([record({ state: 'cancelled' })]));
    expect(document.body).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});

describe('UploadList: what it keeps', () => {
  it('says how many it keeps, and clears the finished ones at once, never one still going', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'upload.dismiss': () => Promise.resolve({ removed: true }) });
    const titled = (id: string, title: string, state: UploadRecord['state']) => record({ id, state, meta: { ...record().meta, title } });
    // A failure no Retry can mend (the service no longer has the recording) is finished too.
    const broke = { ...titled('c', 'Broke', 'failed'), failedStep: 'complete', errorKind: 'not_found' } as const;
    render(<UploadList uploads={[titled('a', 'Going', 'uploading'), titled('b', 'Done', 'completed'), broke, titled('d', 'Stopped', 'cancelled')]} />);
    expect(screen.getByText('This browser keeps your last 20 uploads here, finished ones for 30 days.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear finished (3)' }));
    await waitFor(() => expect(sent('upload.dismiss')).toEqual([{ id: 'b' }, { id: 'c' }, { id: 'd' }]));
  });

  it('says what Clear finished did, and puts focus on the list, named by its heading', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'upload.dismiss': () => Promise.resolve({ removed: true }) });
    render(
      <>
        <h2 id="recent">Recent uploads</h2>
        <UploadList labelledBy="recent" uploads={[record({ id: 'a', state: 'uploading' }), record({ id: 'b', state: 'completed' }), record({ id: 'c', state: 'cancelled' })]} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Clear finished (2)' }));
    await waitFor(() => expect(screen.getByText('Cleared 2 finished uploads.')).toBeInTheDocument());
    expect(screen.getByText('Cleared 2 finished uploads.').closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('group', { name: 'Recent uploads' })).toHaveFocus();
  });

  it('keeps an upload that failed and can be retried: its kept file is what Retry sends, with no file picked again', async () => {
    const user = userEvent.setup();
    fakeBackground({ 'upload.dismiss': () => Promise.resolve({ removed: true }) });
    const dropped = record({ id: 'a', state: 'failed', failedStep: 'put', error: 'The connection was lost.' });
    render(<UploadList uploads={[dropped, record({ id: 'b', state: 'completed' }), record({ id: 'c', state: 'completed' })]} />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear finished (2)' }));
    await waitFor(() => expect(sent('upload.dismiss')).toEqual([{ id: 'b' }, { id: 'c' }]));
  });

  it('offers no clearing for a single finished upload (its own Remove does it)', () => {
    render(<UploadList uploads={[record({ state: 'completed' })]} />);
    expect(screen.queryByRole('button', { name: /Clear finished/ })).toBeNull();
  });
});

describe('UploadList: a refusal Retry cannot change', () => {
  it('says that Retry sends the same again when the service refused the request itself, not for other failures', () => {
    render(
      <UploadList
        uploads={[
          record({ id: 'a', state: 'failed', failedStep: 'request-url', errorKind: 'bad_request', error: 'speakers_expected must be at most 10', meta: { ...record().meta, title: 'Refused' } }),
          record({ id: 'b', state: 'failed', failedStep: 'request-url', errorKind: 'server', error: 'Internal error', meta: { ...record().meta, title: 'Broken' } }),
        ]}
      />,
    );
    expect(screen.getByRole('listitem', { name: /^Refused/ })).toHaveTextContent('The service refused this upload as it was sent, and Retry sends the same again.');
    expect(screen.getByRole('listitem', { name: /^Broken/ })).not.toHaveTextContent('Retry sends the same again');
    expect(within(screen.getByRole('listitem', { name: /^Refused/ })).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
