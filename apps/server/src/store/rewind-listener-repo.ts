import type { Db } from './db.ts';

/** Each instance's count of the live rewind streams it serves, on SQLite and PostgreSQL alike. */
export class RewindListenerRepo {
  constructor(private readonly db: Db) {}

  /** Writes this instance's count, as seen `now`. */
  async save(instance: string, listeners: number, now: Date): Promise<void> {
    const row = { listeners, seen_at: now.toISOString() };
    await this.db
      .insertInto('rewind_listener_count')
      .values({ instance, ...row })
      .onConflict((oc) => oc.column('instance').doUpdateSet(row))
      .execute();
  }

  /** The other instances' streams, counting only rows refreshed since `freshSince`; older ones are forgotten. */
  async othersThan(instance: string, freshSince: Date): Promise<number> {
    const since = freshSince.toISOString();
    await this.db.deleteFrom('rewind_listener_count').where('seen_at', '<', since).execute();
    const row = await this.db
      .selectFrom('rewind_listener_count')
      .select((eb) => eb.fn.sum<number | string | null>('listeners').as('total'))
      .where('instance', '!=', instance)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  async remove(instance: string): Promise<void> {
    await this.db.deleteFrom('rewind_listener_count').where('instance', '=', instance).execute();
  }
}
