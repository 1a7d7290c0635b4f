import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { RefusedWebSocket, stubApi, takeUnexpected } from './fixtures.ts';

// findBy*/waitFor give up after 1 s by default; a lazily loaded route's first import takes longer
// than that on two busy cores (the suites run side by side). Waiting longer never passes a wrong result.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lays nothing out and has no Element.scrollTo: here it moves the element at once (as the
// 'instant' behaviour would), so a component that scrolls can be rendered; a test that cares spies on it.
Element.prototype.scrollTo ??= function scrollTo(
  this: Element,
  options?: ScrollToOptions | number,
  y?: number,
) {
  const target = typeof options === 'number' ? { left: options, top: y } : (options ?? {});
  if (target.left !== undefined) this.scrollLeft = target.left;
  if (target.top !== undefined) this.scrollTop = target.top;
};

// No test reaches the network unless it says so: fetch answers only the routes a test declares, and
// no WebSocket opens (a test that wants live updates injects a fake realtime client).
beforeEach(() => {
  stubApi();
  vi.stubGlobal('WebSocket', RefusedWebSocket);
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const unexpected = takeUnexpected();
  if (unexpected.length > 0) throw new Error(`The test made ${unexpected.join('; ')}.`);
});
