/**
 * A 12-hour meeting time as a non-English Google Calendar / Outlook writes it, read for the upload
 * form (draftFromTarget → parseWhen): "p. m." (with its space) is the afternoon; a clock marked
 * with another language's word ("μ.μ.", "오후") or written "2.00 PM" / "2 h 00 p.m." is not read
 * (the form says so) rather than read as the night, or its minutes as the hour. A time that cannot
 * be read must come out null; a wrong time read as sure is what must never happen. The strings are
 * what CLDR (Intl.DateTimeFormat, which Google's Closure and Outlook's formats follow) writes.
 */
import { describe, expect, it } from 'vitest';
import { draftFromTarget, parseWhen } from '@/lib/upload/draft';
import type { PanelTarget } from '@/lib/panel/target';
import { match, pagePerson, surface } from '../panel/fixtures';

const NOW = new Date(2025, 9, 1);
const local = (iso: string | null) => (iso === null ? null : new Date(iso).toString().slice(0, 21));
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m, d, h, min).toString().slice(0, 21);

describe('a 12-hour time in another language is read right, or not at all', () => {
  it.each([
    // CLDR "es", "es-CO", "es-AR", "ca": "2:00 p. m." (a space inside the marker).
    ['Spanish, Calendar popup (12-hour clock)', 'jueves, 27 de noviembre de 2025⋅2:00 – 3:30 p. m.'],
    ['Spanish (Colombia), Outlook event', 'jue 27/11/2025 2:00 p. m. - 3:30 p. m.'],
    // Greek writes the marker "μ.μ.", Korean puts "오후" (PM) before the time.
    ['Greek, Outlook event', 'Πεμ 27/11/2025 2:00 μ.μ. - 3:30 μ.μ.'],
    ['Korean, Outlook event', '2025-11-27 (목) 오후 2:00 - 오후 3:30'],
    // A clock written "2.00" or "2 h 00": its minutes, "00 PM", are read as the hour (12:00).
    ['Indonesian, Outlook event (12-hour clock)', 'Kam 27/11/2025 2.00 PM - 3.30 PM'],
    ['Canadian French, Outlook event (12-hour clock)', 'jeu. 2025-11-27 2 h 00 p.m. - 3 h 30 p.m.'],
  ])('%s: %j', (_, when) => {
    const read = parseWhen(when, NOW, { needTime: true });
    // 2 in the afternoon, or "time not read": never 2 in the night.
    if (read !== null) expect(local(read)).toBe(at(2025, 10, 27, 14, 0));
  });

  it('the upload form starts a Colombian-Spanish Outlook meeting at 2 a.m. and does not say the time is unsure', () => {
    const target: PanelTarget = {
      tabId: 7,
      focus: null,
      status: null,
      page: {
        site: 'outlook',
        recognised: true,
        surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', match('c-maya', 'Maya Chen', 'maya@example.com'))], { when: 'jue 27/11/2025 2:00 p. m. - 3:30 p. m.' })],
      },
    };
    const draft = draftFromTarget(target);
    const wrong = draft.meetingDate !== null && new Date(draft.meetingDate).getHours() === 2 && draft.unreadWhen === undefined;
    expect(wrong).toBe(false);
  });
});
