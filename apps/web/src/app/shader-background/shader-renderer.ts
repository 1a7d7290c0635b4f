import { RENDERER_MAX_PIXEL_RATIO, SHADER_HUE_SHIFT } from '@onair/core';
import { AURORA_FRAGMENT_SHADER, AURORA_VERTEX_SHADER } from './aurora-shader.ts';
import { FRAME_BUDGET_MS, FrameGovernor, SHADER_QUALITY_STEPS, probeStep } from './frame-governor.ts';

/** The canvas reports its drawn-frame count this often, so e2e can prove WebGL really draws. */
export const FRAMES_REPORT_INTERVAL = 30;
/** …and at least this often, however slowly frames come. */
export const FRAMES_REPORT_MAX_MS = 1_000;
/** The drawing buffer's longest side; the canvas is stretched to the window by CSS. */
export const MAX_BUFFER_SIDE_PX = 640;
/** The moment of the animation shown as the single still frame under reduced motion. */
const STILL_FRAME_TIME_S = 40;
const CHEAPEST_BUFFER_SCALE = Math.min(...SHADER_QUALITY_STEPS.map((step) => step.bufferScale));

export type ShaderMode = 'running' | 'paused' | 'still';

/** The window and document the renderer listens to, passed in so tests can drive them. */
export interface ShaderEnvironment {
  window: Window;
  document: Document;
}

/**
 * Owns the background's WebGL context and render loop (one owner per side effect). It knows nothing
 * of React: the component creates it on mount and calls `destroy()` on unmount.
 *
 * `ShaderRenderer.create` returns null when WebGL is unavailable; callers then show the CSS fallback.
 */
export class ShaderRenderer {
  readonly #canvas: HTMLCanvasElement;
  readonly #gl: WebGLRenderingContext | WebGL2RenderingContext;
  readonly #program: WebGLProgram;
  readonly #buffer: WebGLBuffer;
  readonly #uTime: WebGLUniformLocation | null;
  readonly #uResolution: WebGLUniformLocation | null;
  readonly #env: ShaderEnvironment;
  readonly #reducedMotion: MediaQueryList | null;
  readonly #onLost: () => void;
  #frameId = 0;
  #framesDrawn = 0;
  #startedAt = 0;
  #lastReportAt = 0;
  #lastDrawAt = 0;
  /** No drawing before this moment (performance.now): the listener just tapped Play. */
  #quietUntil = 0;
  /** Replaced by the one probeStep chose once the constructor has timed a few draws. */
  #governor = new FrameGovernor();
  #destroyed = false;

  static create(
    canvas: HTMLCanvasElement,
    env: ShaderEnvironment,
    onLost: () => void,
  ): ShaderRenderer | null {
    const attributes: WebGLContextAttributes = {
      alpha: false,
      depth: false,
      antialias: false,
      powerPreference: 'low-power',
    };
    const gl = canvas.getContext('webgl2', attributes) ?? canvas.getContext('webgl', attributes);
    if (!gl) return null;
    try {
      return new ShaderRenderer(canvas, gl, env, onLost);
    } catch {
      // A driver that hands out a context but fails to compile/link is no better than none.
      gl.getExtension('WEBGL_lose_context')?.loseContext();
      return null;
    }
  }

  private constructor(
    canvas: HTMLCanvasElement,
    gl: WebGLRenderingContext | WebGL2RenderingContext,
    env: ShaderEnvironment,
    onLost: () => void,
  ) {
    // Raw WebGL rather than a library: one full-screen triangle and three uniforms need nothing
    // more, and it keeps ~10 kB gzip of scene-graph code off the first load.
    this.#canvas = canvas;
    this.#gl = gl;
    this.#env = env;
    this.#onLost = onLost;
    this.#program = linkProgram(gl, AURORA_VERTEX_SHADER, AURORA_FRAGMENT_SHADER);
    gl.useProgram(this.#program);

    // One triangle larger than the viewport covers every pixel without a diagonal seam.
    const buffer = gl.createBuffer();
    if (!buffer) throw new Error('Shader background could not allocate a buffer');
    this.#buffer = buffer;
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
    const position = gl.getAttribLocation(this.#program, 'position');
    gl.enableVertexAttribArray(position);
    gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);

    this.#uTime = gl.getUniformLocation(this.#program, 'uTime');
    this.#uResolution = gl.getUniformLocation(this.#program, 'uResolution');
    gl.uniform1f(gl.getUniformLocation(this.#program, 'uHueShift'), (SHADER_HUE_SHIFT * Math.PI) / 180);

    this.#reducedMotion =
      typeof env.window.matchMedia === 'function'
        ? env.window.matchMedia('(prefers-reduced-motion: reduce)')
        : null;
    this.#startedAt = env.window.performance.now();

    env.window.addEventListener('resize', this.#handleResize);
    env.document.addEventListener('visibilitychange', this.#handleVisibility);
    this.#reducedMotion?.addEventListener('change', this.#handleMotionPreference);
    canvas.addEventListener('webglcontextlost', this.#handleContextLost);

    this.#governor = new FrameGovernor(probeStep((bufferScale) => this.#timedDraw(bufferScale)));
    canvas.dataset.quality = String(this.#governor.level);
    this.#resize();
    this.#applyMode();
  }

  get mode(): ShaderMode {
    // Reduced motion, or a device where even the cheapest step costs too much.
    if (this.#reducedMotion?.matches || this.#governor.step === null) return 'still';
    return this.#env.document.hidden ? 'paused' : 'running';
  }

  /**
   * Draws nothing for `ms`: the main thread and the device go to starting the sound (a tap on Play).
   * The last frame stays on screen.
   */
  pauseFor(ms: number): void {
    this.#quietUntil = Math.max(this.#quietUntil, this.#env.window.performance.now() + ms);
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#stopLoop();
    this.#env.window.removeEventListener('resize', this.#handleResize);
    this.#env.document.removeEventListener('visibilitychange', this.#handleVisibility);
    this.#reducedMotion?.removeEventListener('change', this.#handleMotionPreference);
    this.#canvas.removeEventListener('webglcontextlost', this.#handleContextLost);
    const gl = this.#gl;
    gl.deleteBuffer(this.#buffer);
    gl.deleteProgram(this.#program);
    // Browsers cap live WebGL contexts (~16); release ours now rather than waiting for GC.
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }

  #applyMode(): void {
    const mode = this.mode;
    this.#canvas.dataset.mode = mode;
    this.#stopLoop();
    if (mode === 'running') {
      // Draw now so an opaque, still-empty canvas never shows a black frame.
      this.#draw((this.#env.window.performance.now() - this.#startedAt) / 1000);
      this.#lastDrawAt = 0;
      this.#frameId = this.#env.window.requestAnimationFrame(this.#tick);
    } else if (mode === 'still') {
      this.#draw(STILL_FRAME_TIME_S);
    }
    // 'paused': a hidden tab keeps its last frame and spends no GPU time.
  }

  #stopLoop(): void {
    if (this.#frameId) this.#env.window.cancelAnimationFrame(this.#frameId);
    this.#frameId = 0;
  }

  readonly #tick = (now: number): void => {
    this.#frameId = this.#env.window.requestAnimationFrame(this.#tick);
    const step = this.#governor.step;
    if (!step || now < this.#quietUntil) return;
    if (this.#lastDrawAt && now - this.#lastDrawAt < step.minFrameIntervalMs) return;
    const clock = this.#env.window.performance;
    const before = clock.now();
    this.#draw((now - this.#startedAt) / 1000);
    const interval = this.#lastDrawAt ? now - this.#lastDrawAt : FRAME_BUDGET_MS;
    this.#lastDrawAt = now;
    // A frame costs the main thread more than the draw call: the browser then paints and commits the
    // canvas to its compositor (which reads it back under software compositing). A task posted now
    // runs once that is done, so the governor judges the whole frame.
    this.#env.window.setTimeout(() => this.#judge(clock.now() - before, interval), 0);
  };

  #judge(cost: number, interval: number): void {
    if (this.#destroyed || this.mode !== 'running' || !this.#governor.record(cost, interval)) return;
    this.#canvas.dataset.quality = String(this.#governor.level);
    if (this.#governor.step) this.#resize();
    else this.#applyMode();
  }

  #render(timeSeconds: number): void {
    this.#gl.uniform1f(this.#uTime, timeSeconds);
    this.#gl.drawArrays(this.#gl.TRIANGLES, 0, 3);
  }

  /** A frame for the listener: rendered, and counted. */
  #draw(timeSeconds: number): void {
    this.#render(timeSeconds);
    this.#framesDrawn += 1;
    // Writing the DOM every frame would cost style work; every ~30 frames is enough for tests. The
    // time bound keeps the count moving on slow software renderers (CI's SwiftShader draws ~5 fps).
    const now = this.#env.window.performance.now();
    if (
      this.#framesDrawn === 1 ||
      this.#framesDrawn % FRAMES_REPORT_INTERVAL === 0 ||
      now - this.#lastReportAt >= FRAMES_REPORT_MAX_MS ||
      this.mode === 'still'
    ) {
      this.#canvas.dataset.frames = String(this.#framesDrawn);
      this.#lastReportAt = now;
    }
  }

  /** What one draw at `bufferScale` costs, the GPU's work included: read back, so it is waited for. */
  #timedDraw(bufferScale: number): number {
    this.#resize(bufferScale);
    const clock = this.#env.window.performance;
    const before = clock.now();
    this.#render(STILL_FRAME_TIME_S);
    this.#gl.readPixels(0, 0, 1, 1, this.#gl.RGBA, this.#gl.UNSIGNED_BYTE, new Uint8Array(4));
    return clock.now() - before;
  }

  /** Sizes the drawing buffer for `bufferScale`: the current step's, the cheapest one's once still. */
  #resize(bufferScale = this.#governor.step?.bufferScale ?? CHEAPEST_BUFFER_SCALE): void {
    const { innerWidth, innerHeight, devicePixelRatio } = this.#env.window;
    // Phones report 3-4; capping at 2 keeps the fragment shader affordable with no visible loss.
    const pixelRatio = Math.min(devicePixelRatio || 1, RENDERER_MAX_PIXEL_RATIO);
    // The aurora has no edges, so a smaller drawing buffer stretched by the browser looks the same
    // while the fragment shader runs on a fraction of the pixels: battery on phones, and the main
    // thread stays free for starting audio where WebGL falls back to the CPU.
    const longest = Math.max(innerWidth, innerHeight) * pixelRatio;
    const maxSide = MAX_BUFFER_SIDE_PX * bufferScale;
    const scale = pixelRatio * Math.min(1, maxSide / Math.max(1, longest));
    const width = Math.max(1, Math.round(innerWidth * scale));
    const height = Math.max(1, Math.round(innerHeight * scale));
    if (this.#canvas.width !== width) this.#canvas.width = width;
    if (this.#canvas.height !== height) this.#canvas.height = height;
    this.#gl.viewport(0, 0, width, height);
    this.#gl.uniform2f(this.#uResolution, width, height);
  }

  readonly #handleResize = (): void => {
    this.#resize();
    // A still frame must be redrawn, since resizing the canvas clears it.
    if (this.mode !== 'running') this.#draw(STILL_FRAME_TIME_S);
  };

  readonly #handleVisibility = (): void => this.#applyMode();
  readonly #handleMotionPreference = (): void => this.#applyMode();

  readonly #handleContextLost = (): void => {
    // The GPU was reset or reclaimed; rather than rebuild, hand over to the CSS gradient.
    this.destroy();
    this.#onLost();
  };
}

function compileShader(gl: WebGLRenderingContext, type: GLenum, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('Shader background could not create a shader');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS) && !gl.isContextLost()) {
    const log = gl.getShaderInfoLog(shader);
    gl.deleteShader(shader);
    throw new Error(`Shader background failed to compile: ${log ?? 'no log'}`);
  }
  return shader;
}

function linkProgram(gl: WebGLRenderingContext, vertexSource: string, fragmentSource: string): WebGLProgram {
  const vertex = compileShader(gl, gl.VERTEX_SHADER, vertexSource);
  const fragment = compileShader(gl, gl.FRAGMENT_SHADER, fragmentSource);
  const program = gl.createProgram();
  if (!program) throw new Error('Shader background could not create a program');
  gl.attachShader(program, vertex);
  gl.attachShader(program, fragment);
  gl.linkProgram(program);
  // Once linked, the program keeps what it needs; the shader objects can go.
  gl.deleteShader(vertex);
  gl.deleteShader(fragment);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    const log = gl.getProgramInfoLog(program);
    gl.deleteProgram(program);
    throw new Error(`Shader background failed to link: ${log ?? 'no log'}`);
  }
  return program;
}
