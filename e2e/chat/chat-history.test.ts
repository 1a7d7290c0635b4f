import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  expectCompleteHistory,
  freshPostgresDatabase,
  sendAll,
  startHistoryClients,
} from '../fixtures/chat-history.ts';
import { ServerFixture } from '../fixtures/server.ts';

/**
 * Jepsen-style history check of the chat: three clients send 300 messages in all while the server
 * process is killed with SIGKILL and restarted twice. Each client resends a message whose answer
 * it never got (same id) until it is acknowledged, and resumes its realtime subscription from the
 * last seq it holds after every reconnect. Afterwards every acknowledged message must be present
 * exactly once, in seq order, at every client: no gaps, no duplicates, no reordering.
 */
const CLIENTS = 3;
const MESSAGES = 300;
/** Per client: enough chat names that its share fits the per-chatter rate limit without waiting long. */
const NAMES_PER_CLIENT = 10;

describe.each(['sqlite', 'postgres'] as const)('chat history under SIGKILL on %s', (kind) => {
  let server: ServerFixture;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const env: Record<string, string> = {};
    if (kind === 'postgres') {
      const database = await freshPostgresDatabase('chat_history');
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
    server = await ServerFixture.start(env);
  });
  afterAll(async () => {
    await server.stop();
    await dropDatabase?.();
  });

  it(
    'every acknowledged message is present exactly once, in seq order, at every client',
    { timeout: 240_000 },
    async () => {
      const { clients, head } = await startHistoryClients(server.url, CLIENTS, NAMES_PER_CLIENT);
      // Two crashes while the clients are sending: after about a third, and about two thirds.
      const crash = { fault: () => server.restart('SIGKILL') };
      await sendAll(clients, MESSAGES / CLIENTS, [
        { at: MESSAGES / 3, ...crash },
        { at: (2 * MESSAGES) / 3, ...crash },
      ]);
      await expectCompleteHistory(server.url, clients, head, MESSAGES);
    },
  );
});
