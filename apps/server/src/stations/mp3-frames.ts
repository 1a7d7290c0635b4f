/**
 * Splits an MPEG-1/2 Layer III byte stream into whole frames, so a paced stream can start and loop
 * on frame boundaries (a decoder joining mid-frame would skip or click).
 */
const BITRATES_KBPS = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
} as const;
const SAMPLE_RATES_HZ = { mpeg1: [44100, 48000, 32000], mpeg2: [22050, 24000, 16000] } as const;

export interface Mp3Frames {
  frames: Buffer[];
  sampleRateHz: number;
  samplesPerFrame: number;
  bitrateKbps: number;
}

export interface FrameHeader {
  length: number;
  sampleRateHz: number;
  samplesPerFrame: number;
  bitrateKbps: number;
}

export function readFrameHeader(bytes: Buffer, offset: number): FrameHeader | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 0b11; // 3 = MPEG-1, 2 = MPEG-2 (2.5 is not supported here)
  const layerBits = (b1 >> 1) & 0b11; // 1 = Layer III
  if (layerBits !== 1 || (versionBits !== 3 && versionBits !== 2)) return null;
  const version = versionBits === 3 ? 'mpeg1' : 'mpeg2';
  const bitrateKbps = BITRATES_KBPS[version][b2 >> 4];
  const sampleRateHz = SAMPLE_RATES_HZ[version][(b2 >> 2) & 0b11];
  if (!bitrateKbps || !sampleRateHz) return null;
  const padding = (b2 >> 1) & 1;
  const samplesPerFrame = version === 'mpeg1' ? 1152 : 576;
  const length = Math.floor(((samplesPerFrame / 8) * bitrateKbps * 1000) / sampleRateHz) + padding;
  return { length, sampleRateHz, samplesPerFrame, bitrateKbps };
}

export function splitMp3Frames(bytes: Buffer): Mp3Frames {
  const frames: Buffer[] = [];
  let first: FrameHeader | null = null;
  let offset = 0;
  while (offset < bytes.length) {
    const header = readFrameHeader(bytes, offset);
    if (!header || offset + header.length > bytes.length) {
      offset += 1; // resynchronise past tags or garbage
      continue;
    }
    first ??= header;
    frames.push(bytes.subarray(offset, offset + header.length));
    offset += header.length;
  }
  if (!first || frames.length === 0) throw new Error('No MPEG Layer III frames found');
  return {
    frames,
    sampleRateHz: first.sampleRateHz,
    samplesPerFrame: first.samplesPerFrame,
    bitrateKbps: first.bitrateKbps,
  };
}

/** One frame cut from a byte stream, with its header read. */
export interface StreamFrame {
  bytes: Buffer;
  header: FrameHeader;
}

/**
 * Cuts whole frames out of an MP3 byte stream as it arrives (a listener's connection, a file being
 * read): bytes of an unfinished frame wait for the next push. A stream joined at an arbitrary byte
 * is synchronised on two headers in a row, so a 0xFF byte inside audio data is not taken for a
 * frame; garbage later in the stream (a tag, a corrupt frame) loses sync and finds it again.
 */
export class Mp3FrameReader {
  #pending: Buffer = Buffer.alloc(0);
  #synced = false;
  /** Bytes skipped to find (or find again) frame sync, for the logs. */
  skippedBytes = 0;

  push(chunk: Buffer): StreamFrame[] {
    const bytes = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    const frames: StreamFrame[] = [];
    let offset = 0;
    while (offset < bytes.length) {
      const header = readFrameHeader(bytes, offset);
      if (header === null) {
        if (offset + 4 > bytes.length) break;
        this.#synced = false;
        offset += 1;
        this.skippedBytes += 1;
        continue;
      }
      const end = offset + header.length;
      if (!this.#synced) {
        // Confirm with the next header; wait for more bytes when it has not arrived yet.
        if (end + 4 > bytes.length) break;
        if (readFrameHeader(bytes, end) === null) {
          offset += 1;
          this.skippedBytes += 1;
          continue;
        }
        this.#synced = true;
      }
      if (end > bytes.length) break;
      frames.push({ bytes: bytes.subarray(offset, end), header });
      offset = end;
    }
    // Copied, so the pending tail does not pin the whole network chunk it came in.
    this.#pending = Buffer.from(bytes.subarray(offset));
    return frames;
  }

  /** Bytes waiting for the rest of their frame. */
  get pendingBytes(): number {
    return this.#pending.length;
  }
}

/** Byte offsets of the whole frames at the start of `bytes` (a chunk file), ending with the end of the last whole frame. */
export function frameOffsets(bytes: Buffer): number[] {
  const offsets: number[] = [0];
  let offset = 0;
  for (;;) {
    const header = readFrameHeader(bytes, offset);
    if (!header || offset + header.length > bytes.length) return offsets;
    offset += header.length;
    offsets.push(offset);
  }
}
