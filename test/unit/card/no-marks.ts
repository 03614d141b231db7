/** The page's marks for a card shown in a test without a page scanner: no one is marked. */
import type { CardRequest } from '@/lib/content/card-api';

export const noMarks: CardRequest['scanner'] = {
  markFor: () => undefined,
  scan: () => Promise.resolve(),
  forget: () => undefined,
  surfaces: () => [],
};
