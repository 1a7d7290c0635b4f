import { z } from 'zod';

/**
 * The realtime protocol on /api/realtime — one WebSocket per app, carrying topics.
 *
 *   client → server  { type: 'subscribe', topics: ['schedule'], versions?: { schedule: 7 } }
 *       (Re)subscribes. `versions` are what the client already holds: the server sends a topic's
 *       current document only when its version differs, so a reconnect resyncs without a refetch.
 *   server → client  { topic: 'schedule', version: 8, data: [...] }
 *       The topic's whole current document, on subscribe (when newer) and after every change.
 *
 * Liveness uses WebSocket ping/pong control frames (browsers answer pings by themselves). A frame
 * that is not JSON or does not match closes the socket with 1008. Server and web app parse frames with
 * these same schemas. 'now-playing' and 'chat' are reserved for the issues that add them.
 */
export const REALTIME_TOPICS = ['schedule', 'now-playing', 'chat'] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];

export const clientFrameSchema = z.object({
  type: z.literal('subscribe'),
  topics: z.array(z.enum(REALTIME_TOPICS)).max(REALTIME_TOPICS.length),
  versions: z.partialRecord(z.enum(REALTIME_TOPICS), z.number().int().nonnegative()).optional(),
});
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export const serverFrameSchema = z.object({
  topic: z.enum(REALTIME_TOPICS),
  version: z.number().int().nonnegative(),
  data: z.unknown(),
});
export type ServerFrame = z.infer<typeof serverFrameSchema>;
