/**
 * The hover card bundle (React included). Not injected with the content scripts: the content
 * script imports it from the extension on the first card, and it registers its API there.
 */
import { defineUnlistedScript } from '#imports';
import { createHoverCardApi } from '@/components/card/mount';
import { CARD_GLOBAL } from '@/lib/content/card-api';

export default defineUnlistedScript(() => {
  (globalThis as Record<string, unknown>)[CARD_GLOBAL] = createHoverCardApi();
});
