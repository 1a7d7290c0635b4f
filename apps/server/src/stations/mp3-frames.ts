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

interface FrameHeader {
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
