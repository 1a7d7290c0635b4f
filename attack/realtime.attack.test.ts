import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { adminSession, editedSchedule, getSchedule, inParallel, putSchedule } from './support/http.ts';
import { closeCode, nextFrame, openRealtime, subscribe } from './support/sockets.ts';
import { useTarget } from './support/target.ts';

const SOCKETS = 2_000;
/** The example budget is 20 frames per 10 s; the flood sends far more than that. */
const FLOOD_WAIT_MS = 12_000;

describe('the realtime socket under abuse', () => {
  const target = useTarget();

  it('closes a socket that floods frames with 1008, while /api/health answers and a calm socket stays', async () => {
    const calm = await openRealtime(target());
    subscribe(calm);
    expect(await nextFrame(calm, 5_000)).toMatchObject({ topic: 'schedule' });
    const { version } = await getSchedule(target());
    const before = target().storeSnapshot();

    // A resync frame for the version it already holds: the cheapest-looking frame, sent in a loop.
    const flooder = await openRealtime(target());
    const closed = closeCode(flooder, FLOOD_WAIT_MS + 3_000);
    const frame = JSON.stringify({
      type: 'subscribe',
      topics: ['schedule'],
      versions: { schedule: version },
    });
    let sent = 0;
    const flood = (async () => {
      const deadline = Date.now() + FLOOD_WAIT_MS;
      while (flooder.readyState === WebSocket.OPEN && Date.now() < deadline) {
        for (let burst = 0; burst < 50; burst += 1) flooder.send(frame);
        sent += 50;
        await sleep(5);
      }
    })();
    try {
      await sleep(200);
      const health = await fetch(`${target().url}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await flood;
      flooder.terminate();
    }
    expect(await closed).toBe(1008);
    expect(sent).toBeGreaterThan(20);
    expect(calm.readyState).toBe(WebSocket.OPEN);
    expect(target().storeSnapshot()).toEqual(before);
    calm.close();
  });

  it(`delivers one schedule change to all of ${SOCKETS} connected sockets`, async () => {
    const sockets = await inParallel(
      Array.from({ length: SOCKETS }, (_, index) => index),
      100,
      async () => {
        const socket = await openRealtime(target());
        subscribe(socket);
        const first = await nextFrame(socket, 30_000);
        if (first?.topic !== 'schedule')
          throw new Error(`a socket got ${JSON.stringify(first)} instead of the schedule`);
        return socket;
      },
    );
    try {
      const session = await adminSession(target());
      const current = await getSchedule(target());
      const arrivals = sockets.map((socket) => nextFrame(socket, 30_000));
      const response = await putSchedule(
        target(),
        JSON.stringify(editedSchedule(current, 'For two thousand')),
        { cookie: session },
      );
      expect(response.status).toBe(200);
      const frames = await Promise.all(arrivals);
      expect(
        frames.filter((frame) => frame?.topic === 'schedule' && frame.version === current.version + 1),
      ).toHaveLength(SOCKETS);
    } finally {
      for (const socket of sockets) socket.terminate();
    }
  });
});
