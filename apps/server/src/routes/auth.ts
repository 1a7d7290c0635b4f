import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config.ts';
import { isAdminCredentials } from '../auth/credentials.ts';
import type { LoginLimiter } from '../auth/login-limiter.ts';
import { isAllowedOrigin } from '../auth/origin.ts';
import { isCurrentAdmin } from '../auth/require-admin.ts';
import type { SessionService } from '../auth/sessions.ts';

const loginBody = z.object({
  username: z.string().max(200),
  password: z.string().max(1_000),
});

interface AuthRouteOptions {
  config: Pick<AppConfig, 'admin' | 'allowedOrigins'>;
  sessions: SessionService;
  limiter: LoginLimiter;
  now: () => Date;
}

export async function authRoutes(app: FastifyInstance, { config, sessions, limiter, now }: AuthRouteOptions): Promise<void> {
  app.post('/api/auth/login', async (request, reply) => {
    if (!isAllowedOrigin(request, config.allowedOrigins)) return reply.code(403).send({ error: 'Cross-site sign-in refused.' });
    const ip = request.ip;
    // Checked before the password, so a limited client learns nothing from further guesses.
    const waitMs = limiter.retryAfterMs(ip, now().getTime());
    if (waitMs > 0) {
      reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
      return reply.code(429).send({ error: 'Too many sign-in attempts. Try again in a minute.' });
    }
    const body = loginBody.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'Enter a username and password.' });
    if (config.admin === null) return reply.code(403).send({ error: 'Admin sign-in is turned off on this server.' });
    if (!isAdminCredentials(body.data, config.admin)) {
      limiter.recordFailure(ip, now().getTime());
      return reply.code(401).send({ error: 'Wrong username or password.' });
    }
    await sessions.start(request, reply, config.admin.username, 'admin');
    return { role: 'admin' as const };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await sessions.end(request, reply);
    return { role: 'listener' as const };
  });

  app.get('/api/auth/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await sessions.current(request);
    const isAdmin = isCurrentAdmin(session, config.admin);
    // signInEnabled lets the app hide the admin sign-in link on servers where editing is off.
    return { role: isAdmin ? ('admin' as const) : ('listener' as const), signInEnabled: config.admin !== null };
  });
}
