import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { readFrameHeader, splitMp3Frames } from './mp3-frames.ts';

const asset = (name: string) => readFileSync(resolve(REPO_ROOT, 'apps/server/assets', name));

describe('splitMp3Frames', () => {
  it.each([
    ['demo-loop-192.mp3', 192, 627],
    ['demo-loop-320.mp3', 320, 1045],
  ])('splits %s into whole %i kbps frames', (name, kbps, maxFrameBytes) => {
    const bytes = asset(name);
    const mp3 = splitMp3Frames(bytes);
    expect(mp3.bitrateKbps).toBe(kbps);
    expect(mp3.sampleRateHz).toBe(44100);
    expect(mp3.samplesPerFrame).toBe(1152);
    // Every byte of the loop belongs to a frame: nothing is lost at the seam.
    expect(mp3.frames.reduce((sum, frame) => sum + frame.length, 0)).toBe(bytes.length);
    for (const frame of mp3.frames) expect(frame.length).toBeLessThanOrEqual(maxFrameBytes);
    const seconds = (mp3.frames.length * 1152) / 44100;
    expect(seconds).toBeGreaterThan(15);
    expect(seconds).toBeLessThan(30);
  });

  it('skips leading garbage and refuses input with no frames', () => {
    const frames = splitMp3Frames(asset('demo-loop-192.mp3'));
    const first = frames.frames[0] ?? Buffer.alloc(0);
    const withJunk = Buffer.concat([Buffer.from('ID3junk'), first]);
    expect(splitMp3Frames(withJunk).frames).toHaveLength(1);
    expect(() => splitMp3Frames(Buffer.from('not audio at all'))).toThrow(/No MPEG Layer III frames/);
  });

  it('reads a 128 kbps MPEG-1 header with padding', () => {
    // 0xFFFB: MPEG-1 Layer III; 0x92: 128 kbps, 44.1 kHz, padded.
    expect(readFrameHeader(Buffer.from([0xff, 0xfb, 0x92, 0x00]), 0)).toEqual({
      length: 418,
      sampleRateHz: 44100,
      samplesPerFrame: 1152,
      bitrateKbps: 128,
    });
  });
});
