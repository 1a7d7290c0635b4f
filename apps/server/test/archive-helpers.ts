import { get, type IncomingHttpHeaders } from 'node:http';
import { splitMp3Frames } from '../src/stations/mp3-frames.ts';

/** What a live listener received: the bytes and when each network read arrived. */
export interface LiveCapture {
  reads: Array<{ at: number; bytes: Buffer }>;
  all: Buffer;
}

/**
 * Listens to `url` for `ms`, as a player would, keeping each read's arrival time. Over node:http so
 * the connection is surely closed at the end (an aborted fetch may leave its socket to undici).
 */
export function captureLive(url: string, ms: number): Promise<LiveCapture> {
  return new Promise((resolve, reject) => {
    const reads: LiveCapture['reads'] = [];
    const request = get(url, (response) => {
      response.on('data', (chunk: Buffer) => reads.push({ at: Date.now(), bytes: chunk }));
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
    setTimeout(() => {
      request.destroy();
      resolve({ reads, all: Buffer.concat(reads.map((read) => read.bytes)) });
    }, ms);
  });
}

/** Reads up to `bytes` bytes of `url` (or until `ms` pass), then hangs up. */
export function readSome(
  url: string,
  bytes: number,
  ms = 10_000,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = get(url, (response) => {
      const parts: Buffer[] = [];
      let received = 0;
      const done = () => {
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) });
      };
      const timer = setTimeout(done, ms);
      response.on('data', (chunk: Buffer) => {
        parts.push(chunk);
        received += chunk.length;
        if (received >= bytes) done();
      });
      response.on('end', done);
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

/**
 * When the live listener heard the start of `probe` (bytes found in the capture): the arrival time
 * of the read holding it, minus the audio before it in that read. Null when the capture lacks it.
 */
export function heardAt(capture: LiveCapture, probe: Buffer, frameMs: number): number | null {
  const offset = capture.all.indexOf(probe);
  if (offset < 0) return null;
  let start = 0;
  for (const read of capture.reads) {
    const end = start + read.bytes.length;
    if (offset < end) {
      // Frames after the probe in the same read were live later than it: the read arrived when its last byte was live.
      const after = capture.all.subarray(offset, end);
      let framesAfter = 0;
      try {
        framesAfter = splitMp3Frames(after).frames.length;
      } catch {
        // Less than a frame after the probe in this read.
      }
      return read.at - framesAfter * frameMs;
    }
    start = end;
  }
  return null;
}
