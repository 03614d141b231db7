/** A pending list keeps the focus where it is when the server's refresh sorts an item in above it. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActionItemList } from '@/components/panel/person/ActionItemList';
import type { ActionItem } from '@/lib/models';
import { NOW } from './fixtures';

const item = (text: string, dueDate: string | null, recordingId: string | null = null): ActionItem => ({
  text, owner: null, dueDate, status: null, source: recordingId ? { recordingId, title: `Call about ${text}`, date: null } : null,
});

describe('ActionItemList', () => {
  it('keeps the focus on an item’s recording button when an item is sorted in above it (a refresh after opening)', () => {
    const open = vi.fn();
    const before = [item('Send pricing', '2026-12-20', 'r-pricing'), item('Book a slot', null)];
    const { rerender } = render(<ActionItemList items={before} label="Pending action items" onOpenRecording={open} now={NOW} />);
    const button = screen.getByRole('button', { name: 'Call about Send pricing: open the recording' });
    button.focus();
    // The refresh brings an overdue item, which sorts first.
    rerender(<ActionItemList items={[item('Sign the NDA', '2026-01-05'), ...before]} label="Pending action items" onOpenRecording={open} now={NOW} />);
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Sign the NDA');
    expect(document.activeElement).toBe(button);
    expect(button.isConnected).toBe(true);
  });

  it('tells apart items alike in every way', () => {
    render(<ActionItemList items={[item('Call back', null), item('Call back', null)]} label="Pending action items" now={NOW} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
