import { useEffect, useState } from 'react';
import { useRealtime } from './realtime-context.tsx';
import { readStored, writeStored } from './storage.ts';
import { stored } from './stored.ts';

/** Everything up to `newestTime` (epoch ms) has been seen: the chat calls this while it is open. */
export function markChatSeen(newestTime: number): void {
  const seen = readStored(stored.lastSeenMessageTime);
  if (seen === null || newestTime > seen) writeStored(stored.lastSeenMessageTime, newestTime);
}

/**
 * The unread count for Home's Chat shortcut, live while the calling screen is shown. The counter
 * (and the chat schemas it validates with) is fetched after the first paint: a badge can wait a
 * moment, Home's first paint should not.
 */
export function useChatUnread(): number {
  const realtime = useRealtime();
  const [count, setCount] = useState(0);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./chat-unread-counter.ts').then(({ ChatUnreadCounter }) => {
      if (cancelled) return;
      const counter = new ChatUnreadCounter();
      const unsubscribe = counter.subscribe(() => setCount(counter.count));
      const halt = counter.start(realtime);
      stop = () => {
        unsubscribe();
        halt();
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [realtime]);
  return count;
}
