import { describe, expect, it } from 'vitest';
import {
  FRAME_BUDGET_MS,
  FrameGovernor,
  SHADER_QUALITY_STEPS,
  SHADER_SAMPLE_FRAMES,
  SHADER_WARMUP_FRAMES,
} from './frame-governor.ts';

/** Feeds `frames` draws, each costing what `cost` says for the step current at the time. */
function run(governor: FrameGovernor, frames: number, cost: (scale: number, interval: number) => number) {
  for (let i = 0; i < frames; i++) {
    const step = governor.step;
    if (!step) return;
    const interval = Math.max(FRAME_BUDGET_MS, step.minFrameIntervalMs);
    governor.record(cost(step.bufferScale, interval), interval);
  }
}

describe('FrameGovernor', () => {
  it('stays at full quality when draws are cheap', () => {
    const governor = new FrameGovernor();
    run(governor, 200, () => 1);
    expect(governor.level).toBe(0);
  });

  it('ignores the warm-up draws that compile the shader', () => {
    const governor = new FrameGovernor();
    for (let i = 0; i < SHADER_WARMUP_FRAMES; i++) expect(governor.record(200, 200)).toBe(false);
    expect(governor.level).toBe(0);
  });

  it('steps down the resolution first, and stops where a draw costs well under the budget', () => {
    const governor = new FrameGovernor();
    // A fill-rate-bound device: the cost follows the pixels drawn (scale squared).
    run(governor, 200, (scale) => 10 * scale * scale);
    expect(governor.level).toBe(1);
    expect(governor.step).toEqual(SHADER_QUALITY_STEPS[1]);
  });

  it('then the frame rate, then holds a still frame when nothing is cheap enough', () => {
    const moderate = new FrameGovernor();
    run(moderate, 400, () => 7); // 7 ms per draw whatever the size: fine at 30 fps
    expect(moderate.step).toEqual({ bufferScale: 0.25, minFrameIntervalMs: 33 });

    const hopeless = new FrameGovernor();
    run(hopeless, 400, () => 30);
    expect(hopeless.step).toBeNull();
    expect(hopeless.level).toBe(SHADER_QUALITY_STEPS.length);
    expect(hopeless.record(1, 16)).toBe(false);
  });

  it('steps down at once on one slow draw, without waiting for a full sample', () => {
    const governor = new FrameGovernor();
    run(governor, SHADER_WARMUP_FRAMES, () => 1);
    expect(governor.record(25, 16)).toBe(true);
    expect(governor.level).toBe(1);
  });

  it('steps down when frames stall even though the draws look cheap', () => {
    const governor = new FrameGovernor();
    run(governor, SHADER_WARMUP_FRAMES, () => 1);
    expect(governor.record(1, 120)).toBe(false);
    expect(governor.record(1, 120)).toBe(false);
    expect(governor.record(1, 120)).toBe(true);
  });

  it('judges a sample by its median, so one hiccup does not cost quality', () => {
    const governor = new FrameGovernor();
    run(governor, SHADER_WARMUP_FRAMES, () => 1);
    for (let i = 0; i < SHADER_SAMPLE_FRAMES; i++) governor.record(i === 3 ? 15 : 1, 16);
    expect(governor.level).toBe(0);
  });
});
