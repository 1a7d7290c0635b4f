import type { Db } from './db.ts';

export type SessionRole = 'admin' | 'listener';

export interface StoredSession {
  username: string;
  role: SessionRole;
  expiresAt: string;
  /** A chat session's person (the hash of their chatter cookie); null for the admin's and older ones. */
  chatterKey: string | null;
}

/** Sign-in sessions, keyed by the hash of their cookie token (never the token itself). */
export class SessionRepo {
  constructor(private readonly db: Db) {}

  async create(idHash: string, session: StoredSession, now: Date): Promise<void> {
    await this.db
      .insertInto('session')
      .values({
        id_hash: idHash,
        username: session.username,
        role: session.role,
        chatter_key: session.chatterKey,
        created_at: now.toISOString(),
        expires_at: session.expiresAt,
      })
      .execute();
  }

  /** The live session for `idHash`, or null when unknown or expired. */
  async find(idHash: string, now: Date): Promise<StoredSession | null> {
    const row = await this.db
      .selectFrom('session')
      .select(['username', 'role', 'expires_at', 'chatter_key'])
      .where('id_hash', '=', idHash)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    if (!row || (row.role !== 'admin' && row.role !== 'listener')) return null;
    return { username: row.username, role: row.role, expiresAt: row.expires_at, chatterKey: row.chatter_key };
  }

  async delete(idHash: string): Promise<void> {
    await this.db.deleteFrom('session').where('id_hash', '=', idHash).execute();
  }

  /** Drops expired rows; called on each login so the table never grows without bound. */
  async deleteExpired(now: Date): Promise<void> {
    await this.db.deleteFrom('session').where('expires_at', '<=', now.toISOString()).execute();
  }
}
