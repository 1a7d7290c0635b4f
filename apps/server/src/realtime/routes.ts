import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { isAllowedOrigin } from '../auth/origin.ts';
import { CLIENT_FRAME_MAX_BYTES } from './frames.ts';
import type { RealtimeHub } from './hub.ts';

export const REALTIME_PATH = '/api/realtime';

/** The WebSocket endpoint; a cross-site Origin is refused with 403 before the upgrade. */
export async function realtimeRoutes(
  app: FastifyInstance,
  { hub, allowedOrigins }: { hub: RealtimeHub; allowedOrigins: readonly string[] },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: CLIENT_FRAME_MAX_BYTES } });
  app.addHook('onClose', async () => hub.close());
  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!isAllowedOrigin(request, allowedOrigins)) await reply.code(403).send({ error: 'Origin not allowed' });
      },
    },
    (socket) => hub.attach(socket),
  );
}
