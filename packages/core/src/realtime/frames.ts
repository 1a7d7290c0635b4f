import * as z from 'zod/mini';
import { nowPlayingSchema, trackHistoryEntrySchema } from '../metadata/now-playing.ts';

/**
 * The realtime protocol on /api/realtime — one WebSocket per app, carrying topics.
 *
 *   client → server  { type: 'subscribe', topics: ['schedule'], versions?: { schedule: 7 } }
 *       (Re)subscribes. `versions` are what the client already holds: the server sends a topic's
 *       current document only when its version differs, so a reconnect resyncs without a refetch.
 *   server → client  { topic: 'schedule', version: 8, data: [...] }
 *       The topic's whole current document, on subscribe (when newer) and after every change.
 *
 *   server → client  { type: 'heartbeat' }
 *       Every `REALTIME_HEARTBEAT_MS`, so the page can see its socket is alive. A connection can die
 *       without closing (a phone's NAT drops it silently); the browser would keep it "open" until TCP
 *       gives up, minutes later, missing every change meanwhile. A page that hears nothing for
 *       `REALTIME_SILENCE_MS` drops the socket, reconnects and resumes by version/seq.
 *
 * The server checks the client with WebSocket ping/pong (browsers answer pings by themselves). A frame
 * that is not JSON or does not match closes the socket with 1008, as does a 21st frame within 10 s
 * (an app sends one per connection); a frame over 4 KB closes it with 1009. Server and web app parse
 * frames with these same schemas.
 *
 * 'chat' is an event log, not a document: `version` is the event's seq (gapless, increasing), and
 * `versions: { chat: <last seq held> }` on subscribe sends what changed after it, in order: each
 * event, except those a later one replaces (a message's older reaction lists, a removed message and
 * its reactions before its tombstone), which a `superseded` frame stands for. A client holding
 * nothing, or further behind than the server's memory of the log reaches, gets one `resync` frame
 * instead (page with GET /api/chat/messages). Live events then follow, every one.
 */
export const REALTIME_TOPICS = ['schedule', 'now-playing', 'chat'] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];

/** How often the server sends every socket a heartbeat frame. */
export const REALTIME_HEARTBEAT_MS = 10_000;
/** A page that heard nothing for this long (two beats and a half) takes its socket for dead. */
export const REALTIME_SILENCE_MS = 25_000;

export const heartbeatFrameSchema = z.object({ type: z.literal('heartbeat') });
/** The heartbeat as sent: the same text every time, serialized once. */
export const HEARTBEAT_FRAME_TEXT = JSON.stringify({ type: 'heartbeat' } satisfies z.infer<
  typeof heartbeatFrameSchema
>);

export const clientFrameSchema = z.object({
  type: z.literal('subscribe'),
  topics: z.array(z.enum(REALTIME_TOPICS)).check(z.maxLength(REALTIME_TOPICS.length)),
  versions: z.optional(z.partialRecord(z.enum(REALTIME_TOPICS), z.int().check(z.nonnegative()))),
});
export type ClientFrame = z.infer<typeof clientFrameSchema>;

export const serverFrameSchema = z.object({
  topic: z.enum(REALTIME_TOPICS),
  version: z.int().check(z.nonnegative()),
  data: z.unknown(),
});
export type ServerFrame = z.infer<typeof serverFrameSchema>;

/**
 * Close code of a server instance that shuts down (RFC 6455 'service restart'): the client
 * reconnects at once (another instance behind the load balancer is ready), not after a backoff.
 */
export const CLOSE_SERVICE_RESTART = 1012;

/**
 * How far a resume reaches back: the server keeps the newest this many events that no later one
 * replaces (and, after a start, reads this many back from the store once). A client further behind
 * is told to page with GET instead; a reaction flood does not push it there, its changes collapse.
 */
export const CHAT_RESUME_MAX_EVENTS = 500;

/**
 * A `now-playing` frame: what the station plays and the tracks before it (newest first), sent when
 * the server's feed reader sees a change; `version` counts those changes.
 */
export const nowPlayingFrameDataSchema = z.object({
  nowPlaying: nowPlayingSchema,
  tracks: z.array(trackHistoryEntrySchema),
});
export type NowPlayingFrameData = z.infer<typeof nowPlayingFrameDataSchema>;
