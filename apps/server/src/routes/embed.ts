import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EMBED_PATH } from '../security-headers.ts';

/**
 * The embeddable player (`/embed`, its own small Vite entry, embed.html): the one page other sites
 * may frame, from the origins in EMBED_ALLOWED_ORIGINS (security-headers.ts sets frame-ancestors).
 */
export async function embedRoutes(app: FastifyInstance, { webDist }: { webDist: string }): Promise<void> {
  app.get(EMBED_PATH, async (_request, reply) => {
    let html: string;
    try {
      // Read per request (a few hundred bytes): a rebuild never leaves it naming old assets.
      html = await readFile(join(webDist, 'embed.html'), 'utf8');
    } catch {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The embeddable player has not been built yet. Run `npm run build`.');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
