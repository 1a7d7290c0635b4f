import websocket, { type WebsocketPluginOptions } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { CLIENT_FRAME_MAX_BYTES } from './frames.ts';
import type { RealtimeHub } from './hub.ts';

export const REALTIME_PATH = '/api/realtime';

/** Network errors of a client that went away mid-frame: nothing to fix on this side. */
const CLIENT_GONE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * Errors on an open socket. `ws` reports a frame that breaks the protocol (oversize → 1009, bad
 * UTF-8, a reserved opcode…) with a `WS_ERR_*` code after it has started the closing handshake with
 * the right close code. The plugin's default handler would log that at error level with a stack and
 * cut the handshake short: it is the client's mistake, so info without a stack, and ws finishes.
 */
const onSocketError: NonNullable<WebsocketPluginOptions['errorHandler']> = (error, socket, request) => {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code.startsWith('WS_ERR_')) {
    request.log.info(
      { event: 'realtime_protocol_error', code, reason: error.message },
      'realtime socket broke the protocol: closed',
    );
    return;
  }
  if (CLIENT_GONE_CODES.has(code)) request.log.debug({ code }, 'realtime client went away mid-frame');
  else request.log.error({ err: error }, 'realtime socket failed');
  socket.terminate();
};

/** The WebSocket endpoint; a cross-site Origin is refused with 403 before the upgrade (registerOriginGuard). */
export async function realtimeRoutes(app: FastifyInstance, { hub }: { hub: RealtimeHub }): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: CLIENT_FRAME_MAX_BYTES },
    errorHandler: onSocketError,
    // Instead of the plugin's bare close(): 1012 tells clients to reconnect at once (to another instance).
    preClose(done) {
      hub.closeForRestart();
      this.websocketServer.close();
      done();
    },
  });
  app.addHook('onClose', async () => hub.close());
  app.get(REALTIME_PATH, { websocket: true }, (socket, request) => hub.attach(socket, request.log));
}
