/**
 * The hover card's side of the contract in lib/content/card-api.ts: one card at a time, in a WXT
 * shadow-root UI appended to the page, placed beside the person it describes (below, or above
 * when there is no room), never over them. Closes on Esc, on its close button, and when the page
 * scrolls.
 */
import { createShadowRootUi, type ShadowRootContentScriptUi } from '#imports';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { CardRequest, HoverCardApi } from '@/lib/content/card-api';
import { own } from '@/lib/content/owned-nodes';
import { ApiError, toErrorInfo } from '@/lib/api/errors';
import { sendRequest } from '@/lib/messaging/send';
import { HoverCard, type InsightsState } from './HoverCard';
import css from './card.css?inline';

const GAP = 8;
const WIDTH = 300;

function CardWithData({ request, onClose }: { request: CardRequest; onClose: () => void }) {
  const [state, setState] = useState<InsightsState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    sendRequest('contact.insights', { contactId: request.match.contact.id })
      .then((insights) => live && setState({ status: 'ready', insights }))
      .catch((error: unknown) => live && setState({ status: 'error', error: error instanceof ApiError ? error.toInfo() : toErrorInfo(error) }));
    return () => {
      live = false;
    };
  }, [request.match.contact.id]);
  return <HoverCard match={request.match} state={state} focusOnOpen={request.viaKeyboard} onClose={onClose} />;
}

/** Below the anchor if it fits, else above; clamped to the viewport horizontally. */
export function placeCard(anchor: DOMRect, card: { width: number; height: number }, viewport: { width: number; height: number }) {
  const left = Math.min(Math.max(GAP, anchor.left), Math.max(GAP, viewport.width - card.width - GAP));
  const below = anchor.bottom + GAP;
  const fitsBelow = below + card.height <= viewport.height - GAP;
  const top = fitsBelow || anchor.top - GAP - card.height < GAP ? below : anchor.top - GAP - card.height;
  return { left, top };
}

export function createHoverCardApi(): HoverCardApi {
  let ui: ShadowRootContentScriptUi<Root> | null = null;
  let current: CardRequest | null = null;
  let generation = 0;

  const hide = () => {
    generation++;
    ui?.remove();
    ui = null;
    current = null;
    window.removeEventListener('scroll', onScroll, true);
  };
  const onScroll = (event: Event) => {
    if (ui && event.target instanceof Node && ui.shadowHost.contains(event.target)) return;
    hide();
  };

  const close = () => {
    const request = current;
    hide();
    request?.onClose();
  };

  return {
    show(request) {
      hide();
      current = request;
      const mine = ++generation;
      void createShadowRootUi<Root>(request.ctx, {
        name: 'primer-hover-card',
        position: 'inline',
        anchor: 'body',
        append: 'last',
        css,
        isolateEvents: ['keydown', 'keyup', 'keypress'],
        onMount(container, _shadow, host) {
          own(host);
          host.style.cssText = `position: fixed; z-index: 2147483647; inline-size: ${WIDTH}px; left: 0; top: 0; visibility: hidden;`;
          container.addEventListener('keydown', (event) => {
            if (event.key === 'Escape') close();
          });
          const root = createRoot(container);
          root.render(
            <StrictMode>
              <CardWithData request={request} onClose={close} />
            </StrictMode>,
          );
          return root;
        },
        onRemove(root) {
          root?.unmount();
        },
      }).then((created) => {
        if (mine !== generation) return;
        ui = created;
        created.mount();
        // Measure after the first paint, then place beside the anchor.
        requestAnimationFrame(() => {
          if (mine !== generation) return;
          const box = created.shadowHost.getBoundingClientRect();
          const { left, top } = placeCard(request.anchor.getBoundingClientRect(), { width: WIDTH, height: Math.max(box.height, 120) }, {
            width: window.innerWidth,
            height: window.innerHeight,
          });
          created.shadowHost.style.left = `${left}px`;
          created.shadowHost.style.top = `${top}px`;
          created.shadowHost.style.visibility = 'visible';
        });
        window.addEventListener('scroll', onScroll, true);
      });
    },
    hide,
    contains(node) {
      return ui !== null && (ui.shadowHost === node || ui.shadowHost.contains(node) || ui.shadow.contains(node));
    },
  };
}
