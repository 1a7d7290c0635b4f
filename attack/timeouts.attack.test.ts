import { describe, expect, it } from 'vitest';
import { RawConnection } from './support/http.ts';
import { useTarget } from './support/target.ts';

/**
 * The limits are 10 s for headers and 15 s for a body; the waits add a margin for Node's
 * timeout check interval and a busy machine. A case fails when the server still holds the
 * connection at the end of its wait (before the fix it held them for 110 s and more).
 */
const HEADERS_WAIT_MS = 20_000;
const BODY_WAIT_MS = 25_000;
/** Past the 15 s request timeout: a live stream must outlive it. */
const STREAM_AGE_MS = 16_000;

/** The server gave up on the request: it closed the connection or answered 408. */
function cutOff(connection: RawConnection): boolean {
  return connection.closed || /^HTTP\/1\.1 408 /.test(connection.received.toString('latin1'));
}

// The three clients are slow on purpose, so they wait side by side rather than one after another.
describe.concurrent('slow clients', () => {
  const target = useTarget();

  it('a request whose headers never finish is cut off', async () => {
    const connection = RawConnection.open(target(), 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    try {
      await connection.settle(cutOff, HEADERS_WAIT_MS);
      expect(cutOff(connection)).toBe(true);
    } finally {
      connection.close();
    }
  });

  it('a request whose body never finishes is cut off, and nothing is stored', async () => {
    const before = target().storeSnapshot();
    const connection = RawConnection.open(
      target(),
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"username":',
    );
    try {
      await connection.settle(cutOff, BODY_WAIT_MS);
      expect(cutOff(connection)).toBe(true);
    } finally {
      connection.close();
    }
    expect(target().storeSnapshot()).toEqual(before);
  });

  it('a live stream keeps playing past the request timeout', async () => {
    const listener = RawConnection.open(target(), 'GET /demo/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    try {
      await listener.settle(() => false, STREAM_AGE_MS);
      const heard = listener.receivedBytes;
      await listener.settle((it) => it.receivedBytes > heard, 5_000);
      expect(listener.closed).toBe(false);
      expect(listener.receivedBytes).toBeGreaterThan(heard);
    } finally {
      listener.close();
    }
  });
});
