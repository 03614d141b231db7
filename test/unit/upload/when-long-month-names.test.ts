/**
 * Meeting dates in languages whose long month names begin as English's do and that the month table
 * does not list (Romanian, Hungarian, Slovak, Slovenian, Latvian, Serbian/Bosnian (Latin),
 * Galician…) are read by the month's first three letters; the table's own languages (Finnish
 * "marraskuuta" is November) come first. The strings are what CLDR (Intl.DateTimeFormat) writes
 * for each language (full date, short time).
 */
import { expect, it } from 'vitest';
import { parseWhen } from '@/lib/upload/draft';

const NOW = new Date(2026, 0, 1);

it.each([
  ['Romanian', 'joi, 19 martie 2026 la 14:30', 2],
  ['Romanian', 'luni, 19 octombrie 2026 la 14:30', 9],
  ['Hungarian', '2026. március 19., csütörtök 14:30', 2],
  ['Hungarian', '2026. augusztus 19., szerda 14:30', 7],
  ['Slovak', 'štvrtok 19. februára 2026 o 14:30', 1],
  ['Slovenian', 'petek, 19. junij 2026 ob 14:30', 5],
  ['Latvian', 'sestdiena, 2026. gada 19. septembris 14:30', 8],
  ['Serbian (Latin)', 'četvrtak, 19. novembar 2026. 14:30', 10],
  ['Galician', 'sábado, 19 de decembro de 2026, 14:30', 11],
])('%s: %j is read as it was before', (_, when, month) => {
  expect(parseWhen(when, NOW)).toBe(new Date(2026, month, 19, 14, 30).toISOString());
});
