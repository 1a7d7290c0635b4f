import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import type * as TestingLibrary from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { activateLoadedLocale } from '../lib/i18n/locale.ts';
import { messages as english } from '../locales/en/messages.po';
import { RefusedWebSocket, stubApi, takeUnexpected } from './fixtures.ts';

// The app's words come from its English catalog, as on a page the server drew in English; every
// render is inside Lingui's provider, as the app's own tree is (app/providers.tsx).
activateLoadedLocale('en', english);
vi.mock('@testing-library/react', async (importOriginal) => {
  const actual = await importOriginal<typeof TestingLibrary>();
  const withI18n =
    (Given?: ComponentType<{ children: ReactNode }>) =>
    ({ children }: { children: ReactNode }) =>
      createElement(I18nProvider, { i18n }, Given ? createElement(Given, null, children) : children);
  return {
    ...actual,
    render: ((ui: ReactNode, options?: { wrapper?: ComponentType<{ children: ReactNode }> }) =>
      actual.render(ui as never, {
        ...options,
        wrapper: withI18n(options?.wrapper),
      })) as typeof actual.render,
    renderHook: ((hook: () => unknown, options?: { wrapper?: ComponentType<{ children: ReactNode }> }) =>
      actual.renderHook(hook, {
        ...options,
        wrapper: withI18n(options?.wrapper),
      })) as typeof actual.renderHook,
  };
});

// findBy*/waitFor give up after 1 s by default; a lazily loaded route's first import takes longer
// than that on two busy cores (the suites run side by side). Waiting longer never passes a wrong result.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lays nothing out and has no Element.scrollTo: here it moves the element at once (as the
// 'instant' behaviour would), so a component that scrolls can be rendered; a test that cares spies on it.
// (Guarded: a suite may run in Node, such as the catalog test.)
if (typeof Element !== 'undefined')
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
