import { describe, expect, it } from 'vitest';
import { waitFor } from '../e2e/fixtures/ports.ts';
import { RawConnection, rawBody, rawExchange } from './support/http.ts';
import { useTarget, type Target } from './support/target.ts';

const MOUNTS = ['/demo/live', '/demo/live-hq'];
const CONCURRENT_HEADS = 200;
/** How long a HEAD may take before the case calls it hung: generous, it is not a speed test. */
const ANSWER_WAIT_MS = 5_000;

/** The listener count the station reports (Icecast's status feed, counting /demo/live). */
async function listeners(target: Target): Promise<number> {
  const status = (await (await fetch(`${target.url}/demo/status-json.xsl`)).json()) as {
    icestats: { source: { listeners: number } };
  };
  return status.icestats.source.listeners;
}

function request(method: string, path: string, extra = ''): string {
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}\r\n`;
}

describe('the live mounts under HEAD and half-open clients', () => {
  const target = useTarget();

  it.each(MOUNTS)('HEAD %s answers with its headers and no body', async (path) => {
    const { received, closed } = await rawExchange(
      target(),
      request('HEAD', path, 'Connection: close\r\n'),
      ANSWER_WAIT_MS,
    );
    const head = received.toString('latin1');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/\r\ncontent-type: audio\/mpeg\r\n/i);
    expect(rawBody(received)).toBe('');
    // Connection: close, so a finished answer ends the connection; a hanging one does not.
    expect(closed).toBe(true);
  });

  it(`${CONCURRENT_HEADS} concurrent HEADs are answered and none counts as a listener`, async () => {
    expect(await listeners(target())).toBe(0);
    // Keep-alive HEADs: the connections stay open after the answer, as a monitor's would.
    const heads = Array.from({ length: CONCURRENT_HEADS }, () =>
      RawConnection.open(target(), request('HEAD', '/demo/live')),
    );
    try {
      await Promise.all(
        heads.map((head) => head.settle((it) => it.received.includes('\r\n\r\n'), ANSWER_WAIT_MS)),
      );
      expect(heads.filter((head) => /^HTTP\/1\.1 200 /.test(head.received.toString('latin1')))).toHaveLength(
        CONCURRENT_HEADS,
      );
      expect(await listeners(target())).toBe(0);
    } finally {
      for (const head of heads) head.close();
    }
  });

  it('counts a GET that receives audio, and forgets clients that left before any arrived', async () => {
    const listener = RawConnection.open(target(), request('GET', '/demo/live'));
    try {
      await listener.settle((it) => it.receivedBytes > 16_384, ANSWER_WAIT_MS);
      expect(listener.receivedBytes).toBeGreaterThan(16_384);
      expect(await listeners(target())).toBe(1);

      // Fifty clients ask and vanish at once: none of them may linger in the count.
      const gone = Array.from({ length: 50 }, () =>
        RawConnection.open(target(), request('GET', '/demo/live')),
      );
      for (const client of gone) client.close();
      await waitFor(
        'the vanished clients to leave the count',
        async () => (await listeners(target())) === 1,
        ANSWER_WAIT_MS,
      );
    } finally {
      listener.close();
    }
    await waitFor(
      'the listener to leave the count',
      async () => (await listeners(target())) === 0,
      ANSWER_WAIT_MS,
    );
  });
});
