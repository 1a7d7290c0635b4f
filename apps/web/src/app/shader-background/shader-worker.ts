import type { FromShaderWorker, ToShaderWorker } from './shader-messages.ts';
import { ShaderRenderer, type ShaderEnvironment } from './shader-renderer.ts';

/**
 * The shader background off the page's main thread: the WebGL context, the compiling, every draw and
 * the canvas's commits to the compositor happen here, so a slow GPU or software WebGL never holds up
 * the page's input, audio start or rendering. The page forwards what the renderer listens to (size,
 * visibility, reduced motion, a pause after Play) and receives the canvas's `data-*` reports.
 */
function report(key: string, value: string): void {
  self.postMessage({ key, value } satisfies FromShaderWorker);
}

/** The page's window and document as seen from here: kept current by the page's messages. */
function environment(start: Extract<ToShaderWorker, { type: 'start' }>) {
  const motion = Object.assign(new EventTarget(), { matches: start.reducedMotion });
  // Workers draw with requestAnimationFrame where the browser offers it there (Chromium, Firefox).
  const frame =
    typeof self.requestAnimationFrame === 'function'
      ? { request: self.requestAnimationFrame.bind(self), cancel: self.cancelAnimationFrame.bind(self) }
      : {
          request: (callback: FrameRequestCallback) => self.setTimeout(() => callback(performance.now()), 16),
          cancel: (id: number) => self.clearTimeout(id),
        };
  const page = Object.assign(new EventTarget(), {
    ...start.view,
    performance: self.performance,
    matchMedia: () => motion,
    requestAnimationFrame: frame.request,
    cancelAnimationFrame: frame.cancel,
    setTimeout: self.setTimeout.bind(self),
  });
  const document = Object.assign(new EventTarget(), { hidden: start.hidden });
  return { window: page, document, motion };
}

/** The OffscreenCanvas with a `dataset` whose writes go to the page's canvas element. */
function reportingCanvas(canvas: OffscreenCanvas): HTMLCanvasElement {
  const dataset = new Proxy<Record<string, string>>(
    {},
    {
      set(target, key, value) {
        if (typeof key !== 'string') return false;
        target[key] = String(value);
        report(key, String(value));
        return true;
      },
    },
  );
  return new Proxy(canvas, {
    get(target, key) {
      if (key === 'dataset') return dataset;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set: (target, key, value) => Reflect.set(target, key, value, target),
  }) as unknown as HTMLCanvasElement;
}

let renderer: ShaderRenderer | null = null;
let env: ReturnType<typeof environment> | null = null;

self.onmessage = ({ data }: MessageEvent<ToShaderWorker>) => {
  if (data.type === 'start') {
    env = environment(data);
    renderer = ShaderRenderer.create(reportingCanvas(data.canvas), env as unknown as ShaderEnvironment, () =>
      report('renderer', 'fallback'),
    );
    report('renderer', renderer ? 'webgl' : 'fallback');
    return;
  }
  if (!env) return;
  if (data.type === 'view') {
    Object.assign(env.window, data.view);
    env.window.dispatchEvent(new Event('resize'));
  } else if (data.type === 'hidden') {
    env.document.hidden = data.hidden;
    env.document.dispatchEvent(new Event('visibilitychange'));
  } else if (data.type === 'reduced-motion') {
    env.motion.matches = data.reducedMotion;
    env.motion.dispatchEvent(new Event('change'));
  } else {
    renderer?.pauseFor(data.ms);
  }
};
