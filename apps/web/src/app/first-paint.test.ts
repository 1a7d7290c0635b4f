import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_WAIT_MS, afterFirstPaint } from './first-paint.ts';

/** The browser's paint timing, driven by the test: `paint(name)` reports a paint as the browser would. */
class FakePaintObserver {
  static supportedEntryTypes: readonly string[] = ['paint'];
  static current: FakePaintObserver | null = null;
  connected = false;
  constructor(private readonly callback: (entries: { getEntriesByName(name: string): unknown[] }) => void) {
    FakePaintObserver.current = this;
  }
  observe() {
    this.connected = true;
  }
  disconnect() {
    this.connected = false;
  }
  paint(name: string) {
    if (this.connected) this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

function windowWith(observer: unknown) {
  return new Proxy(window, {
    get: (target, key) => (key === 'PerformanceObserver' ? observer : (Reflect.get(target, key) as unknown)),
  }) as Window & typeof globalThis;
}

function prerendered(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = '<button>Play</button>';
  return container;
}

/** Whether the promise has settled, after pending microtasks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

let visibility: DocumentVisibilityState = 'visible';
beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  FakePaintObserver.current = null;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the app waits for the prerender to be shown', () => {
  it('until the first contentful paint, not a mere first paint', async () => {
    const shown = afterFirstPaint(prerendered(), windowWith(FakePaintObserver));
    FakePaintObserver.current?.paint('first-paint');
    expect(await settled(shown)).toBe(false);
    FakePaintObserver.current?.paint('first-contentful-paint');
    expect(await settled(shown)).toBe(true);
    expect(FakePaintObserver.current?.connected).toBe(false);
  });

  it('not at all with nothing prerendered, or on a hidden page', async () => {
    expect(await settled(afterFirstPaint(document.createElement('div'), windowWith(FakePaintObserver)))).toBe(
      true,
    );
    visibility = 'hidden';
    expect(await settled(afterFirstPaint(prerendered(), windowWith(FakePaintObserver)))).toBe(true);
    expect(FakePaintObserver.current).toBeNull();
  });

  it('no longer once the page is hidden before its paint', async () => {
    const shown = afterFirstPaint(prerendered(), windowWith(FakePaintObserver));
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(shown)).toBe(true);
  });

  it('at most FIRST_PAINT_WAIT_MS when no paint is reported', async () => {
    const shown = afterFirstPaint(prerendered(), windowWith(FakePaintObserver));
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS - 1);
    expect(await settled(shown)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(shown)).toBe(true);
  });

  it('for a frame and a task where paint timing is missing', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => frames.push(frame));
    const shown = afterFirstPaint(prerendered(), windowWith(undefined));
    expect(await settled(shown)).toBe(false);
    frames.forEach((frame) => frame(0));
    vi.advanceTimersByTime(0);
    expect(await settled(shown)).toBe(true);
  });
});
