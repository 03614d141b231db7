/**
 * Focus in a recipient field (the user clicks or tabs into Bcc to add someone) is for typing: no
 * card opens on the one known chip already in it, and no "Press Alt+Down" description is added.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { CardRequest, HoverCardApi } from '@/lib/content/card-api';
import * as userInput from '@/lib/content/from-user';
import { installHoverCards } from '@/lib/content/hover';
import { PeopleLookup } from '@/lib/content/lookup';
import { PageScanner } from '@/lib/content/scanner';
import { outlookAdapter } from '@/lib/sites/outlook';
import { queryAll } from '@/lib/sites/query';
import { DEFAULT_PREFERENCES } from '@/lib/storage/preferences';
import { loadView } from '../sites/fixtures';

beforeEach(() => {
  vi.spyOn(userInput, 'fromUser').mockImplementation((event) => event.isTrusted !== false);
});

describe('Outlook compose: focusing a recipient field to type another address', () => {
  let ctx: ContentScriptContext;
  afterEach(() => {
    ctx.notifyInvalidated();
    vi.useRealTimers();
  });

  it('opens no card on the one known chip already in the field (the user is typing, not asking about them)', async () => {
    vi.useFakeTimers();
    document.body.innerHTML = loadView('outlook/compose.html', 'compose').body.innerHTML;
    // Only Priya (the Bcc field's one chip) is a known contact.
    const scanner = new PageScanner({
      adapter: outlookAdapter,
      lookup: new PeopleLookup((people) =>
        Promise.resolve(
          people.map((p) =>
            'email' in p && p.email === 'priya.raman@example.com'
              ? { contact: { id: 'p', name: 'Priya Raman', email: p.email, company: null, title: null }, matchedBy: 'email' as const }
              : null,
          ),
        ),
      ),
      preferences: () => DEFAULT_PREFERENCES,
      ownAddresses: () => new Set(['me@primer-user.example']),
    });
    await scanner.scan(queryAll(document, outlookAdapter.surfaceSelectors));
    const bcc = document.querySelector<HTMLElement>('[contenteditable="true"][aria-label="Bcc"]')!;
    expect(bcc.querySelectorAll('primer-mark')).toHaveLength(1);

    const shown: CardRequest[] = [];
    const api: HoverCardApi = { show: (r) => void shown.push(r), hide: () => undefined, contains: () => false, follow: () => undefined, warmUp: () => Promise.resolve() };
    ctx = new ContentScriptContext('test');
    installHoverCards(ctx, scanner, () => Promise.resolve(api));

    // The user clicks (or tabs) into the Bcc field to add someone: the caret is in the field.
    bcc.focus();
    bcc.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.map((r) => r.match.contact.name)).toEqual([]);
    // Nor is the editable field given a "Press Alt+Down" description (Alt+Down there is the caret's).
    expect(bcc.hasAttribute('aria-describedby')).toBe(false);
  });
});
