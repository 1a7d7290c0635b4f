import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NOT_BUILT =
  'The web app has not been built yet. Run `npm run build` (or `npm start`, which builds first).';

/** The built web app: hashed assets cached for good, everything else revalidated, SPA fallback. */
export async function webAppRoutes(app: FastifyInstance, { webDist }: { webDist: string }): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(join(webDist, 'assets'));
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path.startsWith('/api/') || path.startsWith('/demo/');
    if (request.method !== 'GET' || isApi || !request.headers.accept?.includes('text/html')) {
      return reply.code(404).send({ error: 'Not found' });
    }
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    // Client-side routes (/schedule, /chat, and unknown ones the router reports) all start from index.html.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
