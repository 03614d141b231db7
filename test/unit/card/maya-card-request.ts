/** A card for Maya Chen (matched by address) on a page without a scanner, for tests of the card's mount and placement. */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { CardRequest } from '@/lib/content/card-api';
import { noMarks } from './no-marks';

export function mayaCardRequest(ctx: ContentScriptContext, anchor: HTMLElement, more: Partial<CardRequest> = {}): CardRequest {
  return {
    ctx,
    anchor,
    marker: null,
    match: { contact: { id: 'm', name: 'Maya Chen', email: 'maya@example.com', company: null, title: null }, matchedBy: 'email' },
    meeting: null,
    from: { kind: 'thread', title: 'Roadmap', when: null },
    onOpenBriefing: () => undefined,
    scanner: noMarks,
    viaKeyboard: false,
    onClose: () => undefined,
    ...more,
  };
}
