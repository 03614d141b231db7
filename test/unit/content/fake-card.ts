/**
 * A hover card for tests of lib/content/hover.ts: it records what it was asked to do (`followed`:
 * the persons it was asked to follow focus lost with); `node` stands for its shadow host.
 */
import type { CardRequest, HoverCardApi } from '@/lib/content/card-api';

export function fakeCard() {
  const node = document.createElement('div');
  const shown: CardRequest[] = [];
  const followed: Parameters<HoverCardApi['follow']>[] = [];
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
    follow: (...args) => void followed.push(args),
    warmUp: () => Promise.resolve(),
  };
  return { api, shown, followed, node, isOpen: () => open };
}
