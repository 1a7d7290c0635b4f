import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToShaderWorker } from './shader-messages.ts';
import { startShader } from './start-shader.ts';

/** The shader's worker as the page sees it: what it was told, and a way to answer. */
class FakeWorker {
  static last: FakeWorker | null = null;
  told: ToShaderWorker[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(message: ToShaderWorker) {
    this.told.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(key: string, value: string) {
    this.onmessage?.(new MessageEvent('message', { data: { key, value } }));
  }
}

/** jsdom has no matchMedia: the reduced-motion query, answered by the test. */
const motion = Object.assign(new EventTarget(), { matches: false });
beforeEach(() => {
  vi.stubGlobal('matchMedia', () => motion);
  vi.stubGlobal('Worker', FakeWorker);
});

function canvasForWorker(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  const offscreen = {} as OffscreenCanvas;
  Object.assign(canvas, { transferControlToOffscreen: () => offscreen });
  return canvas;
}

function worker(): FakeWorker {
  if (!FakeWorker.last) throw new Error('no worker started');
  return FakeWorker.last;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.last = null;
});

describe('the shader in a worker', () => {
  it('hands over the canvas with the view, and shows what the worker reports', () => {
    const canvas = canvasForWorker();
    startShader(canvas);
    const [start] = worker().told;
    expect(start).toMatchObject({
      type: 'start',
      view: { innerWidth: window.innerWidth, innerHeight: window.innerHeight },
      hidden: document.hidden,
    });
    worker().answer('renderer', 'webgl');
    worker().answer('mode', 'still');
    expect(canvas.dataset).toMatchObject({ renderer: 'webgl', mode: 'still' });
  });

  it('forwards resizes, visibility and pauses, and stops listening when stopped', () => {
    const shader = startShader(canvasForWorker());
    window.dispatchEvent(new Event('resize'));
    document.dispatchEvent(new Event('visibilitychange'));
    motion.matches = true;
    motion.dispatchEvent(new Event('change'));
    shader.pauseFor(1000);
    expect(worker().told.slice(1)).toEqual([
      { type: 'view', view: expect.objectContaining({ innerWidth: window.innerWidth }) as unknown },
      { type: 'hidden', hidden: document.hidden },
      { type: 'reduced-motion', reducedMotion: true },
      { type: 'pause', ms: 1000 },
    ]);

    shader.stop();
    expect(worker().terminated).toBe(true);
    window.dispatchEvent(new Event('resize'));
    expect(worker().told).toHaveLength(5);
  });

  it('leaves the CSS gradient when the worker fails', () => {
    const canvas = canvasForWorker();
    startShader(canvas);
    worker().onerror?.();
    expect(canvas.dataset['renderer']).toBe('fallback');
    expect(worker().terminated).toBe(true);
  });
});
