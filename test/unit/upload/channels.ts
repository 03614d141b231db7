/** A BroadcastChannel stand-in for the hand-over tests: a post reaches every other open end, on a later turn. */
import type { HandOverChannel } from '@/lib/upload/hand-over-protocol';

export interface FakeChannel extends HandOverChannel {
  closed: boolean;
  /** Everything posted on this end. */
  posted: unknown[];
}

export function broadcastBus() {
  const ends: FakeChannel[] = [];
  const open = (): FakeChannel => {
    const listeners = new Set<(event: { data: unknown }) => void>();
    const end: FakeChannel = {
      closed: false,
      posted: [],
      postMessage(message) {
        if (end.closed) throw new Error('posted on a closed channel');
        end.posted.push(message);
        for (const other of ends) {
          if (other === end) continue;
          setTimeout(() => {
            if (!other.closed) (other as unknown as { deliver(data: unknown): void }).deliver(message);
          }, 0);
        }
      },
      addEventListener: (_type, listener) => void listeners.add(listener),
      removeEventListener: (_type, listener) => void listeners.delete(listener),
      close() {
        end.closed = true;
      },
    };
    Object.assign(end, { deliver: (data: unknown) => listeners.forEach((listener) => listener({ data })) });
    ends.push(end);
    return end;
  };
  return { open, ends };
}
