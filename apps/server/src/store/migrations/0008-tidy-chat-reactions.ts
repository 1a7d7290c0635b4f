import { sql, type Kysely } from 'kysely';
import { CHAT_REACTION_KINDS_MAX, CHAT_REACTIONS_PER_CHATTER_MAX, canonicalReaction } from '@onair/core';

/** The columns this migration reads and writes, as 0003 made them. */
interface ChatTables {
  chat_counter: { id: number; seq: number | string };
  chat_reaction: {
    message_id: string;
    chatter_key: string;
    emoji: string;
    name: string;
    seq: number | string;
  };
  chat_event: { seq: number; kind: string; message_id: string; created_at: number };
}

interface StoredReaction {
  message_id: string;
  chatter_key: string;
  emoji: string;
}

/**
 * Reactions stored before the server kept to Unicode's RGI emoji and capped them: each one takes its
 * kept form (👍+VS16 joins 👍, a bare ❤ becomes ❤️), one that is no emoji (a ZWJ chain of faces,
 * text spelled in tag characters) goes, and a message keeps its first `CHAT_REACTION_KINDS_MAX`
 * different emoji and each chatter's first `CHAT_REACTIONS_PER_CHATTER_MAX`, in the order given.
 * Each message whose list changed gets a 'reactions' event, so a client that resumes hears of it.
 * No `down`: the old forms and the refused reactions are gone for good.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<ChatTables>;
  const rows = await db
    .selectFrom('chat_reaction')
    .select(['message_id', 'chatter_key', 'emoji'])
    .orderBy('seq')
    .execute();
  const { dropped, renamed } = tidy(rows);
  const where = (row: StoredReaction) =>
    db
      .deleteFrom('chat_reaction')
      .where('message_id', '=', row.message_id)
      .where('chatter_key', '=', row.chatter_key)
      .where('emoji', '=', row.emoji);
  // Drops first: a renamed reaction may take the key of a duplicate that goes.
  for (const row of dropped) await where(row).execute();
  for (const { row, emoji } of renamed) {
    await db
      .updateTable('chat_reaction')
      .set({ emoji })
      .where('message_id', '=', row.message_id)
      .where('chatter_key', '=', row.chatter_key)
      .where('emoji', '=', row.emoji)
      .execute();
  }
  const changed = [...new Set([...dropped, ...renamed.map(({ row }) => row)].map((row) => row.message_id))];
  for (const messageId of changed) {
    const { seq } = await db
      .updateTable('chat_counter')
      .set({ seq: sql<number>`seq + 1` })
      .where('id', '=', 1)
      .returning('seq')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('chat_event')
      .values({ seq: Number(seq), kind: 'reactions', message_id: messageId, created_at: Date.now() })
      .execute();
  }
}

/** Which stored reactions (oldest first) go and which take another form, by the rules above. */
function tidy(rows: readonly StoredReaction[]): {
  dropped: StoredReaction[];
  renamed: { row: StoredReaction; emoji: string }[];
} {
  const dropped: StoredReaction[] = [];
  const renamed: { row: StoredReaction; emoji: string }[] = [];
  const kinds = new Map<string, Set<string>>();
  const mine = new Map<string, Set<string>>();
  for (const row of rows) {
    const emoji = canonicalReaction(row.emoji);
    const onMessage = kinds.get(row.message_id) ?? new Set<string>();
    const chatterKey = JSON.stringify([row.message_id, row.chatter_key]);
    const ofChatter = mine.get(chatterKey) ?? new Set<string>();
    const keep =
      emoji !== null &&
      !ofChatter.has(emoji) &&
      ofChatter.size < CHAT_REACTIONS_PER_CHATTER_MAX &&
      (onMessage.has(emoji) || onMessage.size < CHAT_REACTION_KINDS_MAX);
    if (!keep) {
      dropped.push(row);
      continue;
    }
    onMessage.add(emoji);
    ofChatter.add(emoji);
    kinds.set(row.message_id, onMessage);
    mine.set(chatterKey, ofChatter);
    if (emoji !== row.emoji) renamed.push({ row, emoji });
  }
  return { dropped, renamed };
}

/** The tidying cannot be undone (refused reactions are gone); going below it changes nothing. */
export async function down(): Promise<void> {}
