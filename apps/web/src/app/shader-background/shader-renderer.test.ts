import { RENDERER_MAX_PIXEL_RATIO } from '@onair/core';
import { describe, expect, it, vi } from 'vitest';
import {
  FRAMES_REPORT_INTERVAL,
  MAX_BUFFER_SIDE_PX,
  ShaderRenderer,
  type ShaderEnvironment,
} from './shader-renderer.ts';

/** A WebGL context that accepts every call and counts draws (jsdom has no WebGL). */
function fakeGl(onDraw: () => void = () => {}) {
  const calls = { drawArrays: 0, loseContext: 0 };
  const gl = new Proxy(
    {},
    {
      get(_target, prop) {
        if (prop === 'drawArrays')
          return () => {
            calls.drawArrays++;
            onDraw();
          };
        if (prop === 'getExtension') return () => ({ loseContext: () => void calls.loseContext++ });
        if (prop === 'isContextLost') return () => false;
        if (prop === 'getShaderParameter' || prop === 'getProgramParameter') return () => true;
        if (prop === 'getAttribLocation') return () => 0;
        if (typeof prop === 'string' && /^[A-Z_]+$/.test(prop)) return 0;
        return () => ({});
      },
    },
  );
  return { gl, calls };
}

function setup({ reducedMotion = false, hidden = false, innerWidth = 400, innerHeight = 800, drawCostMs = 0 } = {}) {
  /** The page's clock (performance.now); a draw advances it by what it costs. */
  let clock = 0;
  const { gl, calls } = fakeGl(() => void (clock += drawCostMs));
  const canvas = document.createElement('canvas');
  vi.spyOn(canvas, 'getContext').mockReturnValue(gl as WebGL2RenderingContext);

  const frames: FrameRequestCallback[] = [];
  const motionQuery = Object.assign(new EventTarget(), { matches: reducedMotion });
  const fakeWindow = Object.assign(new EventTarget(), {
    innerWidth,
    innerHeight,
    devicePixelRatio: 3,
    performance: { now: () => clock },
    matchMedia: () => motionQuery,
    requestAnimationFrame: vi.fn((callback: FrameRequestCallback) => frames.push(callback)),
    cancelAnimationFrame: vi.fn(() => void frames.splice(0)),
  });
  const fakeDocument = Object.assign(new EventTarget(), { hidden });
  const env = { window: fakeWindow, document: fakeDocument } as unknown as ShaderEnvironment;

  const renderer = ShaderRenderer.create(canvas, env, () => {});
  if (!renderer) throw new Error('expected a renderer');
  /** Run the pending animation frame, as the browser would. */
  const step = () => {
    clock = Math.max(clock, Math.ceil(clock / 16 + 1) * 16);
    frames.shift()?.(clock);
  };
  const advance = (ms: number) => void (clock += ms);
  return { advance, renderer, canvas, calls, frames, step, motionQuery, fakeWindow, fakeDocument };
}

describe('ShaderRenderer', () => {
  it('sizes a small window with the pixel ratio capped', () => {
    const { canvas } = setup({ innerWidth: 150, innerHeight: 300 });
    expect(canvas.width).toBe(150 * RENDERER_MAX_PIXEL_RATIO);
    expect(canvas.height).toBe(300 * RENDERER_MAX_PIXEL_RATIO);
  });

  it("keeps a large window's drawing buffer within the cap, in proportion", () => {
    const { canvas } = setup();
    expect(canvas.height).toBe(MAX_BUFFER_SIDE_PX);
    expect(canvas.width).toBe(MAX_BUFFER_SIDE_PX / 2);
  });

  it('draws every animation frame and reports the count every interval', () => {
    const { canvas, calls, step } = setup();
    expect(calls.drawArrays).toBe(1);
    expect(canvas.dataset.frames).toBe('1');
    for (let i = 1; i < FRAMES_REPORT_INTERVAL; i++) step();
    expect(calls.drawArrays).toBe(FRAMES_REPORT_INTERVAL);
    expect(canvas.dataset.frames).toBe(String(FRAMES_REPORT_INTERVAL));
    expect(canvas.dataset.mode).toBe('running');
  });

  it('stops drawing while the document is hidden and resumes when visible', () => {
    const { canvas, calls, frames, step, fakeDocument } = setup();
    fakeDocument.hidden = true;
    fakeDocument.dispatchEvent(new Event('visibilitychange'));
    expect(frames).toHaveLength(0);
    expect(canvas.dataset.mode).toBe('paused');
    const drawn = calls.drawArrays;

    fakeDocument.hidden = false;
    fakeDocument.dispatchEvent(new Event('visibilitychange'));
    step();
    expect(calls.drawArrays).toBe(drawn + 2);
    expect(canvas.dataset.mode).toBe('running');
  });

  it('draws one still frame under reduced motion and animates once the preference changes', () => {
    const { canvas, calls, frames, step, motionQuery } = setup({ reducedMotion: true });
    expect(calls.drawArrays).toBe(1);
    expect(frames).toHaveLength(0);
    expect(canvas.dataset.mode).toBe('still');
    expect(canvas.dataset.frames).toBe('1');

    motionQuery.matches = false;
    motionQuery.dispatchEvent(new Event('change'));
    step();
    expect(calls.drawArrays).toBe(3);
    expect(canvas.dataset.mode).toBe('running');
  });

  it('redraws the still frame when the window resizes', () => {
    const { calls, fakeWindow } = setup({ reducedMotion: true });
    fakeWindow.dispatchEvent(new Event('resize'));
    expect(calls.drawArrays).toBe(2);
  });

  it('on slow draws steps the buffer down, then the frame rate, then holds its last frame', () => {
    const { canvas, calls, frames, step } = setup({ drawCostMs: 30 });
    const fullHeight = canvas.height;
    for (let i = 0; i < 3; i++) step();
    expect(canvas.dataset.quality).toBe('1');
    expect(canvas.height).toBe(fullHeight / 2);
    for (let i = 0; i < 100 && frames.length > 0; i++) step();
    expect(canvas.dataset.mode).toBe('still');
    expect(frames).toHaveLength(0);
    expect(calls.drawArrays).toBeLessThan(20);
  });

  it('keeps full quality when draws are cheap', () => {
    const { canvas, step } = setup({ drawCostMs: 1 });
    for (let i = 0; i < 100; i++) step();
    expect(canvas.dataset.quality).toBe('0');
    expect(canvas.dataset.mode).toBe('running');
  });

  it('draws nothing while paused after a tap on Play, then carries on', () => {
    const { renderer, calls, step, advance } = setup();
    renderer.pauseFor(1_000);
    const drawn = calls.drawArrays;
    for (let i = 0; i < 30; i++) step();
    expect(calls.drawArrays).toBe(drawn);
    advance(1_000);
    step();
    expect(calls.drawArrays).toBe(drawn + 1);
  });

  it('releases the context and stops listening on destroy', () => {
    const { renderer, calls, frames, fakeDocument } = setup();
    renderer.destroy();
    expect(calls.loseContext).toBe(1);
    expect(frames).toHaveLength(0);
    fakeDocument.dispatchEvent(new Event('visibilitychange'));
    expect(frames).toHaveLength(0);
  });
});
