import { readFileSync } from 'node:fs';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Transcript } from '@/components/panel/recordings/Transcript';
import type { TranscriptSegment } from '@/lib/models';

const said = (speaker: string | null, start: number | null, text: string): TranscriptSegment => ({ speaker, start, end: null, text });

describe('Transcript', () => {
  it('names a speaker once for their consecutive lines; unattributed lines stand alone', () => {
    const segments = [
      said('Maya', 0, 'Hello.'),
      said('Maya', 5, 'Shall we start?'),
      said('Jo', 9, 'Yes.'),
      said(null, null, 'Inaudible.'),
      said(null, null, 'Also inaudible.'),
      said('Maya', 20, 'Good.'),
    ];
    render(<Transcript transcript={{ recordingId: 'a', segments }} />);
    const turns = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(turns.map((turn) => turn.textContent)).toEqual(['Maya 0:00Hello.0:05 Shall we start?', 'Jo 0:09Yes.', 'Inaudible.', 'Also inaudible.', 'Maya 0:20Good.']);
    expect(screen.getAllByText('Maya')).toHaveLength(2);
  });

  it('keeps the line breaks a segment’s text holds (paragraphs of one long turn)', () => {
    render(<Transcript transcript={{ recordingId: 'a', segments: [said('Maya', 0, 'Line one\nLine two\n\nLine four')] }} />);
    expect(screen.getByText(/Line one/).textContent).toBe('Line one\nLine two\n\nLine four');
    const css = readFileSync('components/panel/panel.css', 'utf8');
    expect(css).toMatch(/\.transcript \.segment-text\s*\{[^}]*white-space:\s*pre-line;/);
  });

  it('lays out turns below the fold only when scrolled to', () => {
    const css = readFileSync('components/panel/panel.css', 'utf8');
    expect(css).toMatch(/\.transcript > li\s*\{[^}]*content-visibility:\s*auto;[^}]*contain-intrinsic-size:\s*auto \S+;/);
  });
});
