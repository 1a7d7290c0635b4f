import { useCallback, useState, useSyncExternalStore } from 'react';
import { useRealtime } from '../../lib/realtime-context.tsx';
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
  // A stable subscribe: a new one each render would stop and restart the room (and refetch) every time.
  const subscribe = useCallback((listener: () => void) => chat.subscribe(listener), [chat]);
  const state = useSyncExternalStore(subscribe, () => chat.state, () => chat.state);
  return { state, chat };
}
