/**
 * Each button of an upload's row says which upload it is for: tabbing from button to button, a
 * screen reader reads the button alone, not the row around it, and two uploads at once have two
 * Cancel (or Stop following) buttons alike. Their description carries the upload's title.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UploadList } from '@/components/popup/UploadList';
import { record } from './records';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

describe('UploadList', () => {
  it('tells a screen reader which upload each Cancel, Retry or Remove is for (two uploads at once)', () => {
    const weekly = record({ id: 'u1', state: 'uploading', sentBytes: 1024 });
    const board = record({ id: 'u2', state: 'uploading', sentBytes: 2048, meta: { ...record().meta, title: 'Board meeting' } });
    const failed = record({ id: 'u3', state: 'failed', failedStep: 'put', error: 'The upload server answered 500.', meta: { ...record().meta, title: 'Hiring sync' } });
    render(<UploadList uploads={[weekly, board, failed]} />);
    // Tabbing from button to button, only the button is read, not the row around it.
    expect(screen.getByRole('button', { name: /Cancel/, description: /Weekly sync/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Cancel/, description: /Board meeting/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/, description: /Hiring sync/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Remove/, description: /Hiring sync/ })).toBeInTheDocument();
  });

  it('tells a screen reader which upload each Stop following is for (two processing at once), with what it does', () => {
    const weekly = record({ id: 'u1', state: 'processing', putDone: true, recordingId: 'r1' });
    const board = record({ id: 'u2', state: 'processing', putDone: true, recordingId: 'r2', meta: { ...record().meta, title: 'Board meeting' } });
    render(<UploadList uploads={[weekly, board]} />);
    const note = 'The service goes on processing the recording; Primer stops checking on it.';
    expect(screen.getByRole('button', { name: 'Stop following', description: `Weekly sync ${note}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop following', description: `Board meeting ${note}` })).toBeInTheDocument();
  });
});
