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
});
