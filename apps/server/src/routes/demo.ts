import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_STREAM_PATHS } from '../config.ts';
import type { DemoStation } from '../stations/demo-station.ts';
import type { PacedMount } from '../stations/paced-mount.ts';

/** The demo station's mounts and status feed, answering like Icecast would. */
export async function demoRoutes(app: FastifyInstance, { demo }: { demo: DemoStation }): Promise<void> {
  const mounts: Array<[string, PacedMount]> = [
    [DEMO_STREAM_PATHS.standard, demo.standard],
    [DEMO_STREAM_PATHS.high, demo.high],
  ];
  for (const [path, mount] of mounts) {
    // Fastify answers HEAD with the GET handler (exposeHeadRoutes); streamMount sends only headers then.
    app.get(path, (request, reply) => streamMount(mount, request, reply));
  }
  app.get(DEMO_STREAM_PATHS.status, async (_request, reply) => {
    reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache');
    return demo.status();
  });
}

function streamMount(mount: PacedMount, request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  const response = reply.raw;
  const httpVersion = request.raw.httpVersion;
  response.writeHead(200, {
    'content-type': 'audio/mpeg',
    'cache-control': 'no-cache, no-store',
    'access-control-allow-origin': '*',
    'icy-br': String(mount.bitrateKbps),
    'icy-name': 'OnAir demo station',
    // A live stream has no length; HTTP/1.0 clients get it until the connection closes.
    ...(httpVersion === '1.0' ? { connection: 'close' } : {}),
  });
  // A HEAD (a player or a monitor checking the mount) gets the headers at once and is no listener.
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  const detach = mount.attach(response);
  response.on('close', detach);
}
