/**
 * A chip moved as HTML (the browser's drag and drop from To to Cc in a contenteditable) brings a
 * copy of its old marker: it is taken away, and the moved chip has exactly one live marker.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeopleLookup } from '@/lib/content/lookup';
import { MARKER_TAG } from '@/lib/content/marker';
import { BATCH_DELAY_MS, watchSurfaces } from '@/lib/content/observer';
import { PageScanner } from '@/lib/content/scanner';
import { outlookAdapter } from '@/lib/sites/outlook';
import { queryAll } from '@/lib/sites/query';
import type { PersonQuery } from '@/lib/messaging/protocol';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';

const chip = (text: string) =>
  `<span contenteditable="false" draggable="true" class="chip"><span class="ms-Persona-primaryText"><span class="individualText-151">${text}</span></span></span>`;

describe('Outlook compose: a chip moved from To to Cc as HTML (native drag and drop in a contenteditable)', () => {
  afterEach(() => vi.useRealTimers());

  it('leaves exactly one live marker on the moved chip, no dead copy of the old one', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<div role="main" data-app-section="Form_Content">
      <div contenteditable="true" role="textbox" aria-label="To">${chip('Maya Chen &lt;maya@example.com&gt;')}</div>
      <div contenteditable="true" role="textbox" aria-label="Cc">${chip('Bo &lt;bo@unknown.example&gt;')}</div></div>`;
    const find = (people: PersonQuery[]) =>
      Promise.resolve(people.map((p) => ('email' in p && p.email === 'maya@example.com' ? { contact: { id: 'm', name: 'Maya Chen', email: p.email, company: null, title: null }, matchedBy: 'email' as const } : null)));
    const scanner = new PageScanner({ adapter: outlookAdapter, lookup: new PeopleLookup(find), preferences: () => DEFAULT_PREFERENCES, ownAddresses: () => new Set() });
    const watch = watchSurfaces(document.body, outlookAdapter, (roots) => void scanner.scan(roots));
    try {
      await scanner.scan(queryAll(document, outlookAdapter.surfaceSelectors));
      expect(document.querySelectorAll(MARKER_TAG)).toHaveLength(1);

      // The browser moves the dragged chip as HTML: serialised (with whatever is inside it), parsed
      // again at the drop point, and the original deleted.
      const [to, cc] = document.querySelectorAll('[contenteditable="true"]');
      const dragged = to!.querySelector('.chip')!;
      cc!.insertAdjacentHTML('beforeend', dragged.outerHTML);
      dragged.remove();
      await vi.advanceTimersByTimeAsync(BATCH_DELAY_MS * 2);

      expect(scanner.pageContext()[0]!.people.map((p) => [p.email, p.roles])).toEqual([
        ['bo@unknown.example', ['cc']],
        ['maya@example.com', ['cc']],
      ]);
      const moved = cc!.querySelectorAll('.chip')[1]!;
      // One marker on Maya's chip, and it is Primer's own (a click or Enter on it opens her card).
      const onChip = [...moved.querySelectorAll(MARKER_TAG)];
      expect(onChip.map((marker) => scanner.markFor(marker)?.marker === marker)).toEqual([true]);
    } finally {
      watch.disconnect();
    }
  });
});
