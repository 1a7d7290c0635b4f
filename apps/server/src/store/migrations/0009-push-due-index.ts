import type { Kysely } from 'kysely';
import { repairNotificationSettings, webPushSubscriptionSchema } from '@onair/core';
import { isP256PublicKey } from '../../push/push-keys.ts';

/** The tables as this migration found and left them (later migrations may change them again). */
interface Tables {
  push_subscription: {
    endpoint_hash: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    preferences: string;
    reminders_on: number;
    reminder_minutes: number;
    new_show_alerts: number;
  };
  push_favorite: { endpoint_hash: string; favorite_id: string };
  push_outbox: { endpoint_hash: string; status: string };
}

const BATCH = 500;

/**
 * What the minute tick asks of push subscriptions, in a form the store can answer: whether a
 * subscriber wants reminders and how many minutes before, whether it wants new-show alerts, and its
 * favourites one row each, indexed by favourite. The tick then reads only the subscribers with a
 * favourite starting within their reminder time, not every subscription.
 *
 * Existing rows are filled in from their preferences, cut to today's limits (336 favourites of at
 * most 401 characters); rows whose keys no push can be encrypted for (stored before keys were
 * checked) are deleted with their queued pushes: they could never be sent anything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per ALTER TABLE.
  await db.schema
    .alterTable('push_subscription')
    .addColumn('reminders_on', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('push_subscription')
    .addColumn('reminder_minutes', 'integer', (col) => col.notNull().defaultTo(15))
    .execute();
  await db.schema
    .alterTable('push_subscription')
    .addColumn('new_show_alerts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('push_favorite')
    .addColumn('endpoint_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('favorite_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('push_favorite_pk', ['endpoint_hash', 'favorite_id'])
    .execute();
  await db.schema
    .createIndex('push_favorite_by_id')
    .on('push_favorite')
    .columns(['favorite_id', 'endpoint_hash'])
    .execute();

  const data = db as unknown as Kysely<Tables>;
  let after = '';
  for (;;) {
    const rows = await data
      .selectFrom('push_subscription')
      .select(['endpoint_hash', 'endpoint', 'p256dh', 'auth', 'preferences'])
      .where('endpoint_hash', '>', after)
      .orderBy('endpoint_hash')
      .limit(BATCH)
      .execute();
    for (const row of rows) await migrateRow(data, row);
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = last.endpoint_hash;
  }
}

async function migrateRow(
  db: Kysely<Tables>,
  row: { endpoint_hash: string; endpoint: string; p256dh: string; auth: string; preferences: string },
): Promise<void> {
  const keysUsable =
    webPushSubscriptionSchema.safeParse({
      endpoint: row.endpoint,
      keys: { p256dh: row.p256dh, auth: row.auth },
    }).success && isP256PublicKey(row.p256dh);
  if (!keysUsable) {
    await db
      .deleteFrom('push_outbox')
      .where('endpoint_hash', '=', row.endpoint_hash)
      .where('status', '=', 'pending')
      .execute();
    await db.deleteFrom('push_subscription').where('endpoint_hash', '=', row.endpoint_hash).execute();
    return;
  }
  let stored: unknown;
  try {
    stored = JSON.parse(row.preferences);
  } catch {
    stored = {};
  }
  const preferences = repairNotificationSettings(stored);
  await db
    .updateTable('push_subscription')
    .set({
      preferences: JSON.stringify(preferences),
      reminders_on: preferences.enabled && preferences.showScheduleReminders ? 1 : 0,
      reminder_minutes: preferences.reminderTime,
      new_show_alerts: preferences.enabled && preferences.showNewShowAlerts ? 1 : 0,
    })
    .where('endpoint_hash', '=', row.endpoint_hash)
    .execute();
  if (preferences.favoriteShows.length === 0) return;
  await db
    .insertInto('push_favorite')
    .values(preferences.favoriteShows.map((id) => ({ endpoint_hash: row.endpoint_hash, favorite_id: id })))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_favorite').execute();
  await db.schema.alterTable('push_subscription').dropColumn('new_show_alerts').execute();
  await db.schema.alterTable('push_subscription').dropColumn('reminder_minutes').execute();
  await db.schema.alterTable('push_subscription').dropColumn('reminders_on').execute();
}
