/**
 * A last copy stored while the clock was fast (set back since) is of unknown age: the background
 * cache counts it as too old to serve as fresh (cache.ts #ageOf), and serves it only because the
 * service cannot be reached. The note beside it said it was had "just now", the freshest age there
 * is: "Offline: briefing as of 22 Nov, 14:00 (just now)." at 12:00.
 */
import { render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { AsOf } from '@/components/panel/states/AsOf';

const NOW = Date.parse('2026-11-22T12:00:00Z');

it('the note beside a last copy dated two hours ahead of the clock does not say it was had "just now"', () => {
  const { container } = render(<AsOf asOf={NOW + 2 * 60 * 60_000} now={NOW} />);
  expect(container.textContent).not.toContain('just now');
});

it('a copy a few seconds ahead (clocks adjusted by a few seconds) is still "just now"', () => {
  const { container } = render(<AsOf asOf={NOW + 20_000} now={NOW} />);
  expect(container.textContent).toContain('(just now)');
});
