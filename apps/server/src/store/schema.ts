import type { ColumnType } from 'kysely';

/** The tables as Kysely sees them; migrations/ creates them. */
export interface Database {
  schedule: ScheduleTable;
  session: SessionTable;
  chat_counter: ChatCounterTable;
  chat_message: ChatMessageTable;
  chat_reaction: ChatReactionTable;
  chat_event: ChatEventTable;
  chat_name: ChatNameTable;
  chat_mute: ChatMuteTable;
  analytics_event_day: AnalyticsEventDayTable;
  analytics_param_day: AnalyticsParamDayTable;
  analytics_param_values_day: AnalyticsParamValuesDayTable;
  schedule_show: ScheduleShowTable;
  listener_minute: ListenerMinuteTable;
  push_subscription: PushSubscriptionTable;
  push_favorite: PushFavoriteTable;
  push_vapid: PushVapidTable;
  push_outbox: PushOutboxTable;
  integration: IntegrationTable;
  integration_delivery: IntegrationDeliveryTable;
  integration_attempt: IntegrationAttemptTable;
  station_claim: StationClaimTable;
  archive_chunk: ArchiveChunkTable;
  archive_title: ArchiveTitleTable;
  archive_episode: ArchiveEpisodeTable;
  archive_lease: ArchiveLeaseTable;
  rewind_listener_count: RewindListenerCountTable;
}

/** One instance's live rewind streams (migration 0014), refreshed while it runs; stale rows are not counted. */
export interface RewindListenerCountTable {
  /** A random id the instance takes when it starts. */
  instance: string;
  listeners: number;
  /** ISO time of the instance's last refresh. */
  seen_at: string;
}

export interface ScheduleTable {
  /** One document today ('main'); the key leaves room for more stations or drafts. */
  id: string;
  /** The day list as JSON text: one representation for SQLite and PostgreSQL alike. */
  data: string;
  version: number;
  updated_at: string;
}

export interface SessionTable {
  /** SHA-256 (hex) of the cookie token: a leaked table cannot be replayed as cookies. */
  id_hash: string;
  username: string;
  /** 'admin', or 'listener' for a chat session. */
  role: string;
  /** A chat session's person (see ChatMessageTable.chatter_key); null for the admin's and older ones. */
  chatter_key: string | null;
  /** ISO-8601 UTC; fixed width, so text order is time order on both stores. */
  created_at: string;
  expires_at: string;
}

/*
 * The chat (migration 0003). bigint columns come back from PostgreSQL as strings (pg keeps 64-bit
 * integers exact), so the repository reads them through Number().
 */
type BigIntColumn = ColumnType<number | string, number, number>;

export interface ChatCounterTable {
  id: number;
  seq: BigIntColumn;
}

export interface ChatMessageTable {
  /** The client's UUID for the message: a resend with the same id finds this row. */
  id: string;
  seq: BigIntColumn;
  /**
   * Who sent it, for idempotency, limits and moderation: the SHA-256 (hex) of the sender's chatter
   * cookie (one person, whatever names they take); the folded name (core chatNameKey) on rows
   * written before migration 0006.
   */
  chatter_key: string;
  name: string;
  text: string;
  reply_to: string | null;
  /** JSON array of the mentioned names. */
  mentions: string;
  admin: number;
  deleted: number;
  /** Epoch ms. */
  created_at: BigIntColumn;
}

export interface ChatReactionTable {
  message_id: string;
  chatter_key: string;
  emoji: string;
  name: string;
  /** The event that added it: reactions list in the order they were first given. */
  seq: BigIntColumn;
}

export interface ChatEventTable {
  seq: BigIntColumn;
  /** 'message' | 'reactions' | 'deleted' */
  kind: string;
  message_id: string;
  created_at: BigIntColumn;
}

export interface ChatNameTable {
  name_key: string;
  name: string;
  /** The chatter key of the person holding it (null on rows from before migration 0006). */
  holder: string | null;
  expires_at: string;
}

export interface ChatMuteTable {
  /** The muted person's chatter key. */
  chatter_key: string;
  until_ms: BigIntColumn;
}

export interface PushSubscriptionTable {
  /** SHA-256 (hex) of the endpoint: a short key for a URL of up to 2 KB. */
  endpoint_hash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The listener's notification settings (core notificationSettingsSchema) as JSON text. */
  preferences: string;
  /*
   * The settings the minute tick filters on, written with `preferences` in the same statement
   * (migration 0009): 1 when enabled with show reminders on; the reminder time; 1 when enabled
   * with new-show alerts on.
   */
  reminders_on: ColumnType<number, number | undefined, number>;
  reminder_minutes: ColumnType<number, number | undefined, number>;
  new_show_alerts: ColumnType<number, number | undefined, number>;
  /** 1 when saved by a browser signed in as the admin (migration 0013): it hears of paused integrations. */
  admin: ColumnType<number, number | undefined, number>;
  /** The app's language when it last said (migration 0015): its pushes' language; null: the station's. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** One favourite of one subscription (the `favoriteShows` of its preferences), indexed by favourite id. */
export interface PushFavoriteTable {
  endpoint_hash: string;
  favorite_id: string;
}

export interface PushVapidTable {
  /** 'main': one key pair for the whole station, shared by every instance. */
  id: string;
  /** base64url: the uncompressed P-256 point and the 32-byte private scalar. */
  public_key: string;
  private_key: string;
  created_at: string;
}

export interface PushOutboxTable {
  /** SHA-256 (hex) of subscription + kind + show + occurrence: the same push is never queued twice. */
  key: string;
  endpoint_hash: string;
  /** 'reminder' | 'new-show' */
  kind: string;
  /** The push message (core pushMessageSchema) as JSON text. */
  payload: string;
  /** 'pending' (due at next_attempt_at) → 'sending' (claimed by one instance) → 'sent' | 'failed'. */
  status: string;
  attempts: number;
  next_attempt_at: string;
  /** After this (a show that has started) a pending push is dropped, not sent late. */
  expires_at: string;
  updated_at: string;
}

/** Events per UTC day; `browser`, `os`, `device` are the reduced user agent, never the raw one. */
export interface AnalyticsEventDayTable {
  day: string;
  name: string;
  platform: string;
  browser: string;
  os: string;
  device: string;
  count: number;
}

/** How often each documented parameter value came with an event, per UTC day. */
export interface AnalyticsParamDayTable {
  day: string;
  name: string;
  param: string;
  value: string;
  count: number;
}

/** How many different values a parameter has had on a UTC day (the per-day limit); its row is the lock. */
export interface AnalyticsParamValuesDayTable {
  day: string;
  name: string;
  param: string;
  value_count: number;
}

/** Every show the stored week has or had (the shows analytics count), by favourite id. */
export interface ScheduleShowTable {
  show_id: string;
  /** As the latest week holding it names it (core favoriteName). */
  name: string;
  /** The UTC day a save took it off the week; null while it is on it. */
  left_day: string | null;
}

/** The station's listener count, the highest reading within each UTC minute (`YYYY-MM-DDTHH:MM`). */
export interface ListenerMinuteTable {
  minute: string;
  listeners: number;
}

export interface IntegrationTable {
  id: string;
  name: string;
  /** core IntegrationKind */
  kind: string;
  /** The event types it is sent, as a JSON array. */
  events: string;
  enabled: number;
  /** The kind's settings without its secrets, as JSON. */
  settings: string;
  /** The kind's secret settings (tokens, the webhook signing secret), as JSON: never answered whole. */
  secrets: string;
  /** Why the server paused it; null while it runs (or was disabled by the admin). */
  paused_reason: string | null;
  consecutive_failures: number;
  /** When its last track post was queued (the post-rate setting counts from it). */
  last_post_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface IntegrationDeliveryTable {
  /** The Standard Webhooks `webhook-id` (msg_…): the same on every retry. */
  id: string;
  integration_id: string;
  event_type: string;
  /** The event `{ type, timestamp, data }` as JSON text. */
  payload: string;
  /** 'pending' → 'sending' (claimed; the claim lapses at next_attempt_at) → 'sent' | 'failed'. */
  status: string;
  attempts: number;
  next_attempt_at: string;
  created_at: string;
  updated_at: string;
}

export interface IntegrationAttemptTable {
  id: string;
  integration_id: string;
  delivery_id: string;
  event_type: string;
  at: string;
  /** The receiver's HTTP status; null when none came. */
  status: number | null;
  duration_ms: number;
  /** The first 200 characters of the answer, or why there was none. */
  answer: string;
}

/** What the station last was, per thing that changes (the track, the source, the show, the day's peak). */
export interface StationClaimTable {
  key: string;
  value: string;
  updated_at: string;
}

/* The archive (migration 0010): times are epoch ms, read through Number() (see BigIntColumn). */
export interface ArchiveChunkTable {
  /** Also the chunk's file name in the archive storage. */
  id: string;
  starts_at: BigIntColumn;
  ends_at: BigIntColumn;
  frames: number;
  bytes: BigIntColumn;
  sample_rate: number;
  samples_per_frame: number;
  bitrate_kbps: number;
  /** 1 while a recorder writes it. */
  open: number;
}

export interface ArchiveTitleTable {
  at: BigIntColumn;
  title: string;
  artist: string;
}

export interface ArchiveEpisodeTable {
  id: string;
  show: string;
  show_slug: string;
  artist: string;
  genre: string;
  image: string;
  /** The slot's airing as scheduled; starts_at/ends_at are the published part (the admin may trim it). */
  slot_starts_at: BigIntColumn;
  slot_ends_at: BigIntColumn;
  starts_at: BigIntColumn;
  ends_at: BigIntColumn;
  hidden: number;
  /** 1 for the demo station's generated past day (migration 0012); defaults to 0. */
  demo: ColumnType<number, number | undefined, number>;
}

export interface ArchiveLeaseTable {
  name: string;
  holder: string;
  expires_at: BigIntColumn;
}
