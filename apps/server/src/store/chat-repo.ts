import { sql, type ExpressionBuilder, type Selectable, type Transaction } from 'kysely';
import {
  CHAT_REACTION_KINDS_MAX,
  CHAT_REACTIONS_PER_CHATTER_MAX,
  CHAT_REMOVED_TEXT,
  type ChatEvent,
  type ChatMessage,
  type ChatReaction,
} from '@onair/core';
import type { Db } from './db.ts';
import type { ChatMessageTable, Database } from './schema.ts';

/** A message as the chat service hands it in: everything but the seq, which the store allocates. */
export interface NewChatMessage {
  id: string;
  chatterKey: string;
  name: string;
  text: string;
  replyTo: string | null;
  mentions: string[];
  admin: boolean;
  createdAt: number;
}

/** One event of the log, with what a subscriber needs to apply it. */
export interface LoggedChatEvent {
  seq: number;
  event: ChatEvent;
}

type MessageRow = Pick<
  Selectable<ChatMessageTable>,
  'id' | 'seq' | 'name' | 'text' | 'reply_to' | 'mentions' | 'admin' | 'deleted' | 'created_at'
>;

const MESSAGE_COLUMNS = [
  'id',
  'seq',
  'name',
  'text',
  'reply_to',
  'mentions',
  'admin',
  'deleted',
  'created_at',
] as const;

/**
 * The chat's messages, reactions, event log, names and mutes. Every write that is an event of the
 * room takes its seq from the counter row in the same transaction, so the log is gapless and in
 * commit order on both stores.
 */
export class ChatRepo {
  constructor(private readonly db: Db) {}

  /** The seq of the last accepted event (0 for an empty room). */
  async head(): Promise<number> {
    const row = await this.db
      .selectFrom('chat_counter')
      .select('seq')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.seq);
  }

  /** The seq of the oldest event still stored (retention deletes from the start), or null for none. */
  async firstEventSeq(): Promise<number | null> {
    const row = await this.db
      .selectFrom('chat_event')
      .select((eb) => eb.fn.min('seq').as('first'))
      .executeTakeFirst();
    return row?.first == null ? null : Number(row.first);
  }

  async findMessage(id: string): Promise<(ChatMessage & { chatterKey: string }) | null> {
    const row = await this.db
      .selectFrom('chat_message')
      .select([...MESSAGE_COLUMNS, 'chatter_key'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const [message] = await this.#withReactions(this.db, [row]);
    return message ? { ...message, chatterKey: row.chatter_key } : null;
  }

  /** Up to `limit` messages older than seq `before` (or the newest), oldest first. */
  async page(before: number | undefined, limit: number): Promise<ChatMessage[]> {
    let query = this.db
      .selectFrom('chat_message')
      .select(MESSAGE_COLUMNS)
      .orderBy('seq', 'desc')
      .limit(limit);
    if (before !== undefined) query = query.where('seq', '<', before);
    const rows = await query.execute();
    return this.#withReactions(this.db, rows.reverse());
  }

  /** Stores the message as the next event; null when a message with this id exists already. */
  async insertMessage(message: NewChatMessage): Promise<ChatMessage | null> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const exists = await trx
          .selectFrom('chat_message')
          .select('id')
          .where('id', '=', message.id)
          .executeTakeFirst();
        if (exists) return null;
        const row = { ...rowOf(message), seq: await nextSeq(trx) };
        await trx
          .insertInto('chat_message')
          .values({ ...row, chatter_key: message.chatterKey })
          .execute();
        await logEvent(trx, row.seq, 'message', message.id, message.createdAt);
        return { ...toMessage(row), reactions: [] };
      });
    } catch (error) {
      // Two resends racing on PostgreSQL: the loser trips the primary key; the caller re-reads it.
      if (await this.messageExists(message.id)) return null;
      throw error;
    }
  }

  async messageExists(id: string): Promise<boolean> {
    return (
      (await this.db.selectFrom('chat_message').select('id').where('id', '=', id).executeTakeFirst()) !==
      undefined
    );
  }

  /**
   * Gives (`on`) or takes back one chatter's emoji on a message. The new reactions list and its
   * event seq; 'unchanged' when it was already so (no event); 'missing' for no such live message;
   * 'too-many-kinds' / 'too-many-mine' when giving it would pass `CHAT_REACTION_KINDS_MAX` different
   * emoji on the message or `CHAT_REACTIONS_PER_CHATTER_MAX` of this chatter's.
   */
  async setReaction(
    messageId: string,
    chatter: { key: string; name: string },
    emoji: string,
    on: boolean,
    nowMs: number,
  ): Promise<
    { seq: number; reactions: ChatReaction[] } | 'unchanged' | 'missing' | 'too-many-kinds' | 'too-many-mine'
  > {
    return this.db.transaction().execute(async (trx) => {
      // Everything below reads what every earlier event committed: a double tap waits for the first
      // tap and finds it given; a reaction racing the admin's removal finds the message removed.
      await lockLog(trx);
      const message = await trx
        .selectFrom('chat_message')
        .select('deleted')
        .where('id', '=', messageId)
        .executeTakeFirst();
      if (!message || message.deleted === 1) return 'missing';
      const given = await trx
        .selectFrom('chat_reaction')
        .select(['chatter_key', 'emoji'])
        .where('message_id', '=', messageId)
        .execute();
      const mine = given.filter((reaction) => reaction.chatter_key === chatter.key);
      if (mine.some((reaction) => reaction.emoji === emoji) === on) return 'unchanged';
      if (on && mine.length >= CHAT_REACTIONS_PER_CHATTER_MAX) return 'too-many-mine';
      const kinds = new Set(given.map((reaction) => reaction.emoji));
      if (on && !kinds.has(emoji) && kinds.size >= CHAT_REACTION_KINDS_MAX) return 'too-many-kinds';
      const seq = await nextSeq(trx);
      if (on) {
        await trx
          .insertInto('chat_reaction')
          .values({ message_id: messageId, chatter_key: chatter.key, emoji, name: chatter.name, seq })
          // Idempotent even for a writer that skipped the lock: a second insert of one reaction is no error.
          .onConflict((conflict) => conflict.columns(['message_id', 'chatter_key', 'emoji']).doNothing())
          .execute();
      } else {
        await trx
          .deleteFrom('chat_reaction')
          .where('message_id', '=', messageId)
          .where('chatter_key', '=', chatter.key)
          .where('emoji', '=', emoji)
          .execute();
      }
      await logEvent(trx, seq, 'reactions', messageId, nowMs);
      return { seq, reactions: (await reactionsOf(trx, [messageId])).get(messageId) ?? [] };
    });
  }

  /**
   * Removes a message for everyone: its text, mentions and reactions are erased from the store (not
   * just hidden) and it stays as a tombstone. The tombstone and its event seq; 'unchanged' when it
   * was removed already; 'missing' for no such message.
   */
  async removeMessage(
    id: string,
    nowMs: number,
  ): Promise<{ seq: number; message: ChatMessage } | 'unchanged' | 'missing'> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('chat_message')
        .select(MESSAGE_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return 'missing';
      if (row.deleted === 1) return 'unchanged';
      const seq = await nextSeq(trx);
      await trx
        .updateTable('chat_message')
        .set({ deleted: 1, text: CHAT_REMOVED_TEXT, mentions: '[]' })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('chat_reaction').where('message_id', '=', id).execute();
      await logEvent(trx, seq, 'deleted', id, nowMs);
      return {
        seq,
        message: {
          ...toMessage({ ...row, deleted: 1, text: CHAT_REMOVED_TEXT, mentions: '[]' }),
          reactions: [],
        },
      };
    });
  }

  /**
   * The events after `seq`, oldest first, at most `limit`, each as it reads now: a message removed
   * since comes as its tombstone, and reactions as their current list (applying them in order still
   * ends in the current room, and removed text is never served again).
   */
  async eventsAfter(seq: number, limit: number): Promise<LoggedChatEvent[]> {
    const events = await this.db
      .selectFrom('chat_event')
      .select(['seq', 'kind', 'message_id'])
      .where('seq', '>', seq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    const ids = [...new Set(events.map((event) => event.message_id))];
    const rows =
      ids.length === 0
        ? []
        : await this.db.selectFrom('chat_message').select(MESSAGE_COLUMNS).where('id', 'in', ids).execute();
    const messages = new Map(
      (await this.#withReactions(this.db, rows)).map((message) => [message.id, message]),
    );
    return events.flatMap(({ seq: eventSeq, kind, message_id: messageId }) => {
      const message = messages.get(messageId);
      if (!message) return [];
      const event: ChatEvent =
        kind === 'reactions'
          ? { type: 'reactions', messageId, reactions: message.reactions }
          : { type: kind === 'deleted' ? 'deleted' : 'message', message };
      return [{ seq: Number(eventSeq), event }];
    });
  }

  /**
   * Gives `name` (folded: `key`) to the chatter `holder` until `expiresAt`, unless someone else
   * holds it; then it is false and nothing changes. `previousKey` (the name the holder gives up for
   * it, if any) is released in the same transaction, only once the new name is theirs.
   */
  async claimName(
    key: string,
    name: string,
    {
      holder,
      previousKey,
      expiresAt,
      now,
    }: { holder: string; previousKey: string | null; expiresAt: Date; now: Date },
  ): Promise<boolean> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('chat_name')
          .where('name_key', '=', key)
          .where('expires_at', '<=', now.toISOString())
          .execute();
        const held = await trx
          .selectFrom('chat_name')
          .select('holder')
          .where('name_key', '=', key)
          .executeTakeFirst();
        if (held && (held.holder ?? key) !== holder) return false;
        if (previousKey !== null && previousKey !== key) {
          await trx
            .deleteFrom('chat_name')
            .where('name_key', '=', previousKey)
            .where((row) => heldBy(row, holder, previousKey))
            .execute();
        }
        if (held) {
          await trx
            .updateTable('chat_name')
            .set({ name, holder, expires_at: expiresAt.toISOString() })
            .where('name_key', '=', key)
            .execute();
        } else {
          await trx
            .insertInto('chat_name')
            .values({ name_key: key, name, holder, expires_at: expiresAt.toISOString() })
            .execute();
        }
        return true;
      });
    } catch (error) {
      // Two newcomers racing for one free name on PostgreSQL: the loser trips the primary key.
      if ((await this.holderOf(key, now)) !== null) return false;
      throw error;
    }
  }

  /** Frees `key` if `holder` holds it (a sign-out never frees someone else's name). */
  async releaseName(key: string, holder: string): Promise<void> {
    await this.db
      .deleteFrom('chat_name')
      .where('name_key', '=', key)
      .where((row) => heldBy(row, holder, key))
      .execute();
  }

  /** The chatter key of whoever holds the name `key` now; a name from before migration 0006 answers its key. */
  async holderOf(key: string, now: Date): Promise<string | null> {
    const row = await this.db
      .selectFrom('chat_name')
      .select('holder')
      .where('name_key', '=', key)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return row ? (row.holder ?? key) : null;
  }

  /** The chatter key of the newest message sent under `name`, or null when nobody has. */
  async lastSenderNamed(name: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('chat_message')
      .select('chatter_key')
      .where('name', '=', name)
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.chatter_key ?? null;
  }

  /**
   * The names held by live chat sessions under `keys` (core's `mentionCandidateKeys`): who a message
   * can mention. A lookup by primary key, never a read of the whole room, whatever its size.
   */
  async liveNamesWithKeys(keys: readonly string[], now: Date): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .selectFrom('chat_name')
      .select('name')
      .where('name_key', 'in', [...keys])
      .where('expires_at', '>', now.toISOString())
      .execute();
    return rows.map((row) => row.name);
  }

  /** Mutes the chatter (by chatter key) until `untilMs`, or lifts the mute (null). */
  async setMute(chatterKey: string, untilMs: number | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('chat_mute').where('chatter_key', '=', chatterKey).execute();
      if (untilMs !== null)
        await trx.insertInto('chat_mute').values({ chatter_key: chatterKey, until_ms: untilMs }).execute();
    });
  }

  /** Until when (epoch ms) the chatter is muted, or null when they are not. */
  async mutedUntil(chatterKey: string, nowMs: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('chat_mute')
      .select('until_ms')
      .where('chatter_key', '=', chatterKey)
      .where('until_ms', '>', nowMs)
      .executeTakeFirst();
    return row ? Number(row.until_ms) : null;
  }

  /**
   * Deletes messages created before `cutoffMs` with their reactions and events, and mutes and names
   * that ran out; the number of messages deleted. Pruned events leave a gap at the start of the log
   * only, which a resume that reaches back that far answers with a resync.
   */
  async prune(cutoffMs: number, now: Date): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const old = trx.selectFrom('chat_message').select('id').where('created_at', '<', cutoffMs);
      await trx.deleteFrom('chat_reaction').where('message_id', 'in', old).execute();
      await trx.deleteFrom('chat_event').where('message_id', 'in', old).execute();
      const deleted = await trx
        .deleteFrom('chat_message')
        .where('created_at', '<', cutoffMs)
        .executeTakeFirst();
      await trx.deleteFrom('chat_mute').where('until_ms', '<=', now.getTime()).execute();
      await trx.deleteFrom('chat_name').where('expires_at', '<=', now.toISOString()).execute();
      return Number(deleted.numDeletedRows);
    });
  }

  async #withReactions(db: Db | Transaction<Database>, rows: MessageRow[]): Promise<ChatMessage[]> {
    const reactions = await reactionsOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...toMessage(row), reactions: reactions.get(row.id) ?? [] }));
  }
}

/**
 * Takes the log's lock (the counter row) without taking a seq: on PostgreSQL the transaction waits
 * here for every event being written and holds off new ones until it commits; SQLite has one writer.
 */
async function lockLog(trx: Transaction<Database>): Promise<void> {
  await trx
    .updateTable('chat_counter')
    .set({ seq: sql<number>`seq` })
    .where('id', '=', 1)
    .execute();
}

async function nextSeq(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .updateTable('chat_counter')
    .set({ seq: sql<number>`seq + 1` })
    .where('id', '=', 1)
    .returning('seq')
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

async function logEvent(
  trx: Transaction<Database>,
  seq: number,
  kind: ChatEvent['type'],
  messageId: string,
  nowMs: number,
) {
  await trx
    .insertInto('chat_event')
    .values({ seq, kind, message_id: messageId, created_at: nowMs })
    .execute();
}

/** Each message's reactions, emoji in the order first given, names in the order they reacted. */
async function reactionsOf(
  db: Db | Transaction<Database>,
  ids: string[],
): Promise<Map<string, ChatReaction[]>> {
  const byMessage = new Map<string, ChatReaction[]>();
  if (ids.length === 0) return byMessage;
  const rows = await db
    .selectFrom('chat_reaction')
    .select(['message_id', 'emoji', 'name'])
    .where('message_id', 'in', ids)
    .orderBy('seq')
    .execute();
  for (const row of rows) {
    const list = byMessage.get(row.message_id) ?? [];
    const entry = list.find((reaction) => reaction.emoji === row.emoji);
    if (entry) entry.names.push(row.name);
    else list.push({ emoji: row.emoji, names: [row.name] });
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}

function rowOf(message: NewChatMessage): Omit<MessageRow, 'seq'> & { created_at: number } {
  return {
    id: message.id,
    name: message.name,
    text: message.text,
    reply_to: message.replyTo,
    mentions: JSON.stringify(message.mentions),
    admin: message.admin ? 1 : 0,
    deleted: 0,
    created_at: message.createdAt,
  };
}

function toMessage(row: MessageRow): Omit<ChatMessage, 'reactions'> {
  return {
    id: row.id,
    seq: Number(row.seq),
    name: row.name,
    text: row.text,
    replyTo: row.reply_to,
    mentions: JSON.parse(row.mentions) as string[],
    createdAt: Number(row.created_at),
    deleted: row.deleted === 1,
    admin: row.admin === 1,
  };
}

/** A name row held by `holder`; a row from before migration 0006 (no holder) is its own key's. */
function heldBy(row: ExpressionBuilder<Database, 'chat_name'>, holder: string, key: string) {
  return key === holder
    ? row.or([row('holder', '=', holder), row('holder', 'is', null)])
    : row('holder', '=', holder);
}
