/** A hover card for tests of lib/content/hover.ts: it records what it was asked to do; `node` stands for its shadow host. */
import type { CardRequest, HoverCardApi } from '@/lib/content/card-api';

export function fakeCard() {
  const node = document.createElement('div');
  const shown: CardRequest[] = [];
  let open = false;
  const api: HoverCardApi = {
    show: (request) => {
      shown.push(request);
      open = true;
      document.body.append(node);
    },
    hide: () => {
      open = false;
      node.remove();
    },
    contains: (target) => open && (target === node || node.contains(target)),
  };
  return { api, shown, node, isOpen: () => open };
}
