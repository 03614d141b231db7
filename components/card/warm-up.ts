/**
 * What the first card would otherwise pay in one task as its bundle loads: the ICU data behind the
 * reader's locale (lib/format/dates.ts), 20-40 ms for each of Intl.Locale and Intl.DateTimeFormat
 * the first time a page uses them. Run one piece per task after the bundle's own evaluation, so no
 * task of the first card's load is a long one (> 50 ms) on a slow machine.
 */
import { uiLocale } from '@/lib/format/dates';

/** A new task: the page's own work (input, rendering) may run between the pieces. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function warmUp(): Promise<void> {
  await nextTask();
  try {
    // The likely-subtags data uiLocale's maximize() reads, on its own.
    new Intl.Locale(globalThis.navigator?.language || 'en').maximize();
  } catch {
    // uiLocale copes with a language Intl does not read.
  }
  await nextTask();
  uiLocale();
  // The card's first show (its shadow root and styles) in a task after this one.
  await nextTask();
}
