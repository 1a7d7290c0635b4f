import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { SessionService } from '../auth/sessions.ts';
import type { RealtimeHub } from '../realtime/hub.ts';
import { chatRoutes } from '../routes/chat.ts';
import { ChatRepo } from '../store/chat-repo.ts';
import type { Db } from '../store/db.ts';
import { SessionRepo } from '../store/session-repo.ts';
import { ChatLimits } from './chat-limits.ts';
import { ChatterCookies } from './chatter-cookie.ts';
import { CHAT_SESSION_COOKIE, CHAT_SESSION_TTL_MS, ChatService } from './chat-service.ts';

interface ChatSetup {
  db: Db;
  config: Pick<AppConfig, 'admin' | 'allowedOrigins' | 'chatRetentionDays'>;
  hub: RealtimeHub;
  adminSessions: SessionService;
  now: () => Date;
  /** Told of each new message (counted in /metrics). */
  onMessagePosted?: () => void;
}

/**
 * The chat: its store, its sessions (own cookie, same table as the admin's), its routes and retention.
 * Returns the chat's sessions, so other routes can tell a signed-in listener (403) from no one (401).
 */
export async function setUpChat(
  app: FastifyInstance,
  { db, config, hub, adminSessions, now, onMessagePosted }: ChatSetup,
): Promise<SessionService> {
  const repo = new ChatRepo(db);
  const chat = await ChatService.open(repo, hub, app.log);
  const chatSessions = new SessionService(new SessionRepo(db), now, {
    cookie: CHAT_SESSION_COOKIE,
    ttlMs: CHAT_SESSION_TTL_MS,
    path: '/api/chat',
  });
  await app.register(chatRoutes, {
    config,
    chat,
    repo,
    adminSessions,
    chatSessions,
    limits: new ChatLimits(app),
    chatters: new ChatterCookies(),
    now,
    ...(onMessagePosted ? { onMessagePosted } : {}),
  });
  chat.startRetention(config.chatRetentionDays, now);
  app.addHook('onClose', async () => chat.stop());
  return chatSessions;
}
