import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ErrorBody } from '@onair/core';
import type { AppConfig } from '../config.ts';
import { isAdminCredentials } from '../auth/credentials.ts';
import { DeviceCookies } from '../auth/device-cookie.ts';
import type { LoginLimiter } from '../auth/login-limiter.ts';
import { isCurrentAdmin } from '../auth/require-admin.ts';
import type { SessionService } from '../auth/sessions.ts';

const loginBody = z.object({
  username: z.string().max(200),
  password: z.string().max(1_000),
});

interface AuthRouteOptions {
  config: Pick<AppConfig, 'admin'>;
  sessions: SessionService;
  limiter: LoginLimiter;
}

export async function authRoutes(
  app: FastifyInstance,
  { config, sessions, limiter }: AuthRouteOptions,
): Promise<void> {
  const devices = config.admin === null ? null : new DeviceCookies(config.admin);
  app.post('/api/auth/login', async (request, reply) => {
    // request.ip is the real client: X-Forwarded-For counts only from a TRUST_PROXY peer.
    const attempt = { ip: request.ip, device: devices?.verify(request) ?? null };
    // The attempt's slots are taken before the password is looked at: a limited client learns
    // nothing from further guesses, and a burst of them cannot all pass before one is counted.
    const admission = await limiter.admit(attempt);
    if (!admission.admitted) {
      reply.header('retry-after', String(Math.ceil(admission.retryAfterMs / 1000)));
      return reply.code(429).send({
        error: 'Too many sign-in attempts. Try again later.',
        code: 'rate_limited',
      } satisfies ErrorBody);
    }
    const body = loginBody.safeParse(request.body);
    if (!body.success)
      return reply
        .code(400)
        .send({ error: 'Enter a username and password.', code: 'sign_in_invalid' } satisfies ErrorBody);
    if (config.admin === null || devices === null)
      return reply.code(403).send({
        error: 'Admin sign-in is turned off on this server.',
        code: 'sign_in_off',
      } satisfies ErrorBody);
    if (!isAdminCredentials(body.data, config.admin)) {
      // One line per failed guess, fixed text and the real address: what fail2ban matches (SECURITY.md).
      request.log.warn({ ip: request.ip }, 'admin sign-in failed');
      return reply
        .code(401)
        .send({ error: 'Wrong username or password.', code: 'sign_in_wrong' } satisfies ErrorBody);
    }
    await admission.succeeded();
    await sessions.start(request, reply, config.admin.username, 'admin');
    devices.issue(request, reply);
    return { role: 'admin' as const };
  });

  app.post('/api/auth/logout', async (request, reply) => {
    // A foreign page signing the admin out would be a nuisance: refused like any cross-site write.
    await sessions.end(request, reply);
    return { role: 'listener' as const };
  });

  app.get('/api/auth/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await sessions.current(request);
    const isAdmin = isCurrentAdmin(session, config.admin);
    // signInEnabled lets the app hide the admin sign-in link on servers where editing is off.
    return {
      role: isAdmin ? ('admin' as const) : ('listener' as const),
      signInEnabled: config.admin !== null,
    };
  });
}
