import type { FromShaderWorker, ShaderView, ToShaderWorker } from './shader-messages.ts';
import type { ShaderRenderer } from './shader-renderer.ts';

/** The shader drawing into a page's canvas, wherever it runs. */
export interface RunningShader {
  /** Draws nothing for `ms` (a tap on Play). */
  pauseFor(ms: number): void;
  stop(): void;
}

/**
 * Starts the background's shader in `canvas`: in a worker where the browser can hand a canvas to one
 * (nothing of it then runs on the page's main thread), else on the page, loaded and started in a
 * task of its own, not the one that mounts the screen. The canvas reports `data-renderer` (webgl or
 * fallback), `data-mode`, `data-quality` and `data-frames` either way.
 */
export function startShader(canvas: HTMLCanvasElement): RunningShader {
  if (typeof canvas.transferControlToOffscreen === 'function' && typeof Worker === 'function') {
    return startInWorker(canvas);
  }
  return startOnPage(canvas);
}

function fallBack(canvas: HTMLCanvasElement): void {
  canvas.dataset['renderer'] = 'fallback';
}

function startOnPage(canvas: HTMLCanvasElement): RunningShader {
  let renderer: ShaderRenderer | null = null;
  let stopped = false;
  // Fetched only here: browsers that draw in the worker never load the renderer on the page.
  void import('./shader-renderer.ts').then(({ ShaderRenderer }) => {
    if (stopped) return;
    renderer = ShaderRenderer.create(canvas, { window, document }, () => fallBack(canvas));
    if (renderer) canvas.dataset['renderer'] = 'webgl';
    else fallBack(canvas);
  });
  return {
    pauseFor: (ms) => renderer?.pauseFor(ms),
    stop() {
      stopped = true;
      renderer?.destroy();
    },
  };
}

function startInWorker(canvas: HTMLCanvasElement): RunningShader {
  const worker = new Worker(new URL('./shader-worker.ts', import.meta.url), { type: 'module' });
  const tell = (message: ToShaderWorker, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  const view = (): ShaderView => ({ innerWidth, innerHeight, devicePixelRatio });
  const motion = matchMedia('(prefers-reduced-motion: reduce)');

  worker.onmessage = ({ data }: MessageEvent<FromShaderWorker>) => {
    canvas.dataset[data.key] = data.value;
  };
  // A worker that cannot load or run leaves the CSS gradient, as a missing WebGL does.
  worker.onerror = () => {
    fallBack(canvas);
    worker.terminate();
  };
  const offscreen = canvas.transferControlToOffscreen();
  tell(
    {
      type: 'start',
      canvas: offscreen,
      view: view(),
      hidden: document.hidden,
      reducedMotion: motion.matches,
    },
    [offscreen],
  );

  const onResize = () => tell({ type: 'view', view: view() });
  const onVisibility = () => tell({ type: 'hidden', hidden: document.hidden });
  const onMotion = () => tell({ type: 'reduced-motion', reducedMotion: motion.matches });
  window.addEventListener('resize', onResize);
  document.addEventListener('visibilitychange', onVisibility);
  motion.addEventListener('change', onMotion);
  return {
    pauseFor: (ms) => tell({ type: 'pause', ms }),
    stop() {
      window.removeEventListener('resize', onResize);
      document.removeEventListener('visibilitychange', onVisibility);
      motion.removeEventListener('change', onMotion);
      // Ends the worker, its context and its loop with it.
      worker.terminate();
    },
  };
}
