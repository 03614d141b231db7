/**
 * A site switched off in the options takes effect at once on the page (marks and card go) and in
 * the panel ("Primer is switched off for Gmail"), a person or meeting chosen on one of that page's
 * cards before included: the page's report that it is switched off wins over the choice, which is
 * not briefed (nor offered on the upload form) on the switched-off site.
 */
import { expect, it } from 'vitest';
import { subjectOf } from '@/lib/panel/subject';
import type { PanelTarget } from '@/lib/panel/target';
import { draftFromTarget, EMPTY_DRAFT } from '@/lib/upload/draft';
import { match, pagePerson, surface } from './fixtures';

const maya = match('m', 'Maya Chen', 'maya@example.com');
const switchedOff = { site: 'gmail' as const, recognised: true, switchedOff: true, surfaces: [] };

it('does not brief a person chosen on a card of a site switched off since', () => {
  const target: PanelTarget = { tabId: 7, status: null, focus: { kind: 'person', match: maya }, page: switchedOff };
  expect(subjectOf(target)).toEqual({ kind: 'nothing', reason: 'switched-off', site: 'gmail' });
});

it('does not brief a meeting chosen on a card of a site switched off since', () => {
  const chosen = surface([pagePerson('Maya Chen', 'maya@example.com', maya), pagePerson('Dan', 'dan@example.net', null)]);
  const target: PanelTarget = { tabId: 7, status: null, focus: { kind: 'surface', surface: chosen }, page: switchedOff };
  expect(subjectOf(target)).toEqual({ kind: 'nothing', reason: 'switched-off', site: 'gmail' });
});

it('does not offer a person or meeting chosen on a card of a site switched off since on the upload form', () => {
  const chosen = surface([pagePerson('Maya Chen', 'maya@example.com', maya)], { when: 'Tuesday, May 19, 2026⋅10:00 – 10:45am' });
  expect.soft(draftFromTarget({ tabId: 7, status: null, focus: { kind: 'person', match: maya }, page: switchedOff })).toEqual(EMPTY_DRAFT);
  expect.soft(draftFromTarget({ tabId: 7, status: null, focus: { kind: 'surface', surface: chosen }, page: switchedOff })).toEqual(EMPTY_DRAFT);
});
