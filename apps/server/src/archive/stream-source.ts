import type { PacedMount } from '../stations/paced-mount.ts';

/** A listener's connection to the station's mount: its bytes as they arrive, until it ends or `signal` aborts. */
export type StreamSource = (signal: AbortSignal) => AsyncIterable<Buffer>;

/** The mount over HTTP, as any listener (or Icecast relay) reads it. */
export function httpStreamSource(url: string): StreamSource {
  return async function* read(signal) {
    if (!URL.canParse(url))
      throw new Error(
        `the mount '${url}' is not a full URL: set archive.mount in the station file to the mount's http(s) address`,
      );
    // No Icy-MetaData header: the titles come from the status feed, and the audio stays pure frames.
    const response = await fetch(url, { signal, headers: { 'user-agent': 'OnAir archive recorder' } });
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`the mount answered HTTP ${response.status}`);
    }
    for await (const chunk of response.body)
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  };
}

/** The demo station's mount, read in-process (no HTTP round trip to itself) and not counted as a listener. */
export function pacedMountSource(mount: PacedMount): StreamSource {
  return async function* read(signal) {
    const queue: Buffer[] = [];
    let closed = false;
    let wake: (() => void) | undefined;
    const detach = mount.attach(
      {
        write(chunk, flushed) {
          queue.push(chunk);
          wake?.();
          flushed?.();
          return true;
        },
        destroy() {
          closed = true;
          wake?.();
        },
        get writableLength() {
          return queue.reduce((sum, chunk) => sum + chunk.length, 0);
        },
      },
      { counted: false },
    );
    const onAbort = () => {
      closed = true;
      wake?.();
    };
    signal.addEventListener('abort', onAbort);
    try {
      while (!closed || queue.length > 0) {
        if (signal.aborted) return;
        const next = queue.shift();
        if (next) yield next;
        else await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      detach();
    }
  };
}
