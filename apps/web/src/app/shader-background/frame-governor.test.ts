import { describe, expect, it } from 'vitest';
import {
  FRAME_BUDGET_MS,
  FrameGovernor,
  SHADER_QUALITY_STEPS,
  SHADER_SAMPLE_FRAMES,
  SHADER_WARMUP_FRAMES,
  probeStep,
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

describe('probeStep', () => {
  /** Probes a device whose draw at `scale` costs `cost(scale)`: the step chosen and the scales drawn. */
  function probe(cost: (scale: number) => number) {
    const drawn: number[] = [];
    const level = probeStep((scale) => {
      drawn.push(scale);
      return cost(scale);
    });
    return { level, drawn };
  }

  it('starts a fast device at full quality', () => {
    expect(probe(() => 1).level).toBe(0);
  });

  it('starts a fill-rate-bound device at the largest buffer well under the budget', () => {
    // 10 ms at full size: 2.5 ms at half, a sixth of a frame.
    expect(probe((scale) => 10 * scale * scale).level).toBe(1);
  });

  it('lowers the frame rate when even the smallest buffer takes a share of a 60 fps frame', () => {
    expect(SHADER_QUALITY_STEPS[probe(() => 7).level]).toEqual({ bufferScale: 0.25, minFrameIntervalMs: 33 });
  });

  it('chooses a still frame when the cheapest step is too slow', () => {
    expect(probe(() => 30).level).toBe(SHADER_QUALITY_STEPS.length);
  });

  it('never draws a buffer whose draw it predicts at SHADER_SLOW_DRAW_MS or more', () => {
    // 200 ms at full size (software WebGL): 12.5 ms at a quarter, 50 ms predicted at half.
    const { level, drawn } = probe((scale) => 200 * scale * scale);
    expect(SHADER_QUALITY_STEPS[level]).toEqual({ bufferScale: 0.25, minFrameIntervalMs: 66 });
    expect(Math.max(...drawn)).toBe(0.25);
  });
});
