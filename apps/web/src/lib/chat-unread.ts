import { useEffect, useState } from 'react';
import type { ChatFollower } from './chat-follower.ts';
import { useRealtime } from './realtime-context.tsx';
import { readStored, writeStored } from './storage.ts';
import * as stored from './stored.ts';

/** Everything up to `newestTime` (epoch ms) has been seen: the chat calls this while it is open. */
export function markChatSeen(newestTime: number): void {
  const seen = readStored(stored.lastSeenMessageTime);
  if (seen === null || newestTime > seen) writeStored(stored.lastSeenMessageTime, newestTime);
}

/**
 * What `read` takes from the chat room, live while the calling component is shown. The follower (and
 * the chat schemas it validates with) is fetched after the first paint: a badge or a few lines can
 * wait a moment, Home's first paint should not. `read` must be stable (a module-level function).
 */
export function useChatFollower<T>(read: (follower: ChatFollower) => T, initial: T): T {
  const realtime = useRealtime();
  const [value, setValue] = useState(initial);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./chat-follower.ts').then(({ ChatFollower }) => {
      if (cancelled) return;
      const follower = new ChatFollower();
      const unsubscribe = follower.subscribe(() => setValue(read(follower)));
      const halt = follower.start(realtime);
      stop = () => {
        unsubscribe();
        halt();
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [realtime, read]);
  return value;
}

const readUnread = (follower: ChatFollower) => follower.unread;

/** The unread count for Home's Chat shortcut. */
export function useChatUnread(): number {
  return useChatFollower(readUnread, 0);
}
