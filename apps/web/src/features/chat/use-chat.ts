import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useRealtime } from '../../lib/realtime-context.tsx';
import { useStationClock } from '../../lib/station-clock.ts';
import type { RealtimeClient } from '../../lib/realtime-client.ts';
import { httpChatApi } from './chat-api.ts';
import { ChatService, type ChatState } from './chat-service.ts';

// One service per realtime client, i.e. per page: messages still being sent when the listener
// leaves /chat keep going, and coming back shows them. Without realtime (tests), one per screen.
const services = new WeakMap<RealtimeClient, ChatService>();

function serviceFor(realtime: RealtimeClient | null): ChatService {
  if (!realtime) return new ChatService(httpChatApi, null);
  let service = services.get(realtime);
  if (!service) {
    service = new ChatService(httpChatApi, realtime);
    services.set(realtime, service);
  }
  return service;
}

/** The chat room's state, live, and the service that acts on it. */
export function useChat(): { state: ChatState; chat: ChatService } {
  const realtime = useRealtime();
  const [chat] = useState(() => serviceFor(realtime));
  const stationClock = useStationClock();
  // Before the subscription below starts the room: a refusal at sign-in is told on the right clock.
  useEffect(() => chat.setStationClock(stationClock), [chat, stationClock]);
  // A stable subscribe: a new one each render would stop and restart the room (and refetch) every time.
  // The screen is told of changes at most once a frame: in a busy room several messages can land
  // between two frames (many, on a slow phone that fell behind), and drawing each one on its own
  // would only put it further behind. A hidden page draws nothing until it is shown again.
  const subscribe = useCallback(
    (listener: () => void) => {
      let frame: number | null = null;
      const unsubscribe = chat.subscribe(() => {
        frame ??= requestAnimationFrame(() => {
          frame = null;
          listener();
        });
      });
      return () => {
        if (frame !== null) cancelAnimationFrame(frame);
        unsubscribe();
      };
    },
    [chat],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => chat.state,
    () => chat.state,
  );
  return { state, chat };
}
