/**
 * How the background adapts to the device: quality steps from best to cheapest. Each step either
 * draws fewer pixels (the aurora has no edges, so a smaller buffer stretched by CSS looks alike) or
 * draws less often; after the last one the background holds a still frame.
 */
export const SHADER_QUALITY_STEPS = [
  { bufferScale: 1, minFrameIntervalMs: 0 },
  { bufferScale: 0.5, minFrameIntervalMs: 0 },
  { bufferScale: 0.25, minFrameIntervalMs: 0 },
  { bufferScale: 0.25, minFrameIntervalMs: 33 },
  { bufferScale: 0.25, minFrameIntervalMs: 66 },
] as const;
export type ShaderQualityStep = (typeof SHADER_QUALITY_STEPS)[number];

/** A frame's budget at 60 fps. */
export const FRAME_BUDGET_MS = 1000 / 60;
/**
 * The share of the main thread the background may take (draw cost ÷ time between draws): "well
 * under the frame budget", so React, audio start and input always have most of every frame.
 */
export const SHADER_MAX_LOAD = 0.25;
/** One draw this slow steps down at once: a few more at this level would add up to jank. */
export const SHADER_SLOW_DRAW_MS = 20;
/** Frames between draws this long mean the page is struggling (work that a draw's timing misses). */
export const SHADER_STALL_INTERVAL_MS = 50;
/** Draws measured before judging a step (the median of these). */
export const SHADER_SAMPLE_FRAMES = 8;
/** The first draws compile the shader program: not what a frame costs. */
export const SHADER_WARMUP_FRAMES = 2;

/**
 * The step to start at, found before the first animated frame by timing single draws with the GPU's
 * work included (`drawAt` returns what one draw at that buffer scale cost, waited for). It starts at
 * the cheapest buffer and only tries a larger one when the last cost, scaled by the pixels, promises
 * a draw under SHADER_SLOW_DRAW_MS: a slow device (software WebGL) never pays for a full-size frame
 * just to learn that it is too slow. Returns SHADER_QUALITY_STEPS.length for a still frame.
 */
export function probeStep(drawAt: (bufferScale: number) => number): number {
  const cheapest = SHADER_QUALITY_STEPS.length - 1;
  let scale: number = SHADER_QUALITY_STEPS[cheapest]?.bufferScale ?? 1;
  // The first draw may compile the program: not what a frame costs.
  drawAt(scale);
  let cost = drawAt(scale);
  const fits = (step: ShaderQualityStep) =>
    cost / Math.max(FRAME_BUDGET_MS, step.minFrameIntervalMs) <= SHADER_MAX_LOAD;
  let chosen: number = SHADER_QUALITY_STEPS.length;
  for (let level = cheapest; level >= 0; level--) {
    const step = SHADER_QUALITY_STEPS[level] ?? SHADER_QUALITY_STEPS[0];
    if (step.bufferScale !== scale) {
      if (cost * (step.bufferScale / scale) ** 2 >= SHADER_SLOW_DRAW_MS) break;
      scale = step.bufferScale;
      cost = drawAt(scale);
    }
    if (!fits(step)) break;
    chosen = level;
  }
  return chosen;
}

/**
 * Watches what each draw costs and chooses the quality step. It only ever steps down: a device that
 * once struggled would struggle again, and stepping back up would make the cost oscillate.
 */
export class FrameGovernor {
  #step: number;
  #warmup = SHADER_WARMUP_FRAMES;
  #costs: number[] = [];
  #stalls = 0;

  /** `level`: where to start (probeStep). */
  constructor(level = 0) {
    this.#step = level;
  }

  /** The current step, or null once the background should hold a still frame. */
  get step(): ShaderQualityStep | null {
    return SHADER_QUALITY_STEPS[this.#step] ?? null;
  }

  /** 0 for the best step, up to the number of steps for the still frame. */
  get level(): number {
    return this.#step;
  }

  /**
   * One frame drawn: `costMs` spent drawing it, `intervalMs` since the previous draw. Returns true
   * when the step changed (the caller resizes the buffer or stops the loop).
   */
  record(costMs: number, intervalMs: number): boolean {
    if (this.step === null) return false;
    if (this.#warmup > 0) {
      this.#warmup -= 1;
      return false;
    }
    this.#stalls = intervalMs >= SHADER_STALL_INTERVAL_MS ? this.#stalls + 1 : 0;
    if (costMs >= SHADER_SLOW_DRAW_MS || this.#stalls >= 3) return this.#stepDown();
    this.#costs.push(costMs);
    if (this.#costs.length < SHADER_SAMPLE_FRAMES) return false;
    const median = [...this.#costs].sort((a, b) => a - b)[Math.floor(this.#costs.length / 2)] ?? 0;
    this.#costs = [];
    const between = Math.max(FRAME_BUDGET_MS, this.step.minFrameIntervalMs);
    return median / between > SHADER_MAX_LOAD ? this.#stepDown() : false;
  }

  #stepDown(): true {
    this.#step += 1;
    this.#costs = [];
    this.#stalls = 0;
    return true;
  }
}
