import { act, render, screen } from '@testing-library/react';
import { i18n, type Messages } from '@lingui/core';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as english } from '../../locales/en/messages.po';
import { catalogLoader, type PartIndexes, type PartLoaders } from './catalog.ts';
import { activateLoadedLocale } from './locale.ts';

// Locales of the test's own, so the app's English (test/setup.ts) is never half loaded.
const FIRST: Messages = { home: 'Home' };
const SCREEN: Messages = { later: 'Sleep timer' };
const REST: Messages = { ...SCREEN, other: 'Chat' };

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** The split-out screen the tests load, as `loadChunk` names it. */
const SCREEN_CHUNK = 'src/Screen.tsx';

/** A loader whose rest parts, and one split-out screen's parts, arrive when the test says. */
function loaderWithHeldParts(locales: string[]) {
  const held = (messages: Messages) => {
    const byLocale = new Map(locales.map((locale) => [locale, deferred<Messages>()]));
    return {
      arrive: (locale: string) => byLocale.get(locale)!.promise,
      send: (locale: string) => byLocale.get(locale)!.resolve(messages),
    };
  };
  const rest = held(REST);
  const screenPart = held(SCREEN);
  const asked: string[] = [];
  const part = (name: string, messages: (locale: string) => Promise<Messages>): PartLoaders =>
    Object.fromEntries(
      locales.map((locale) => [
        locale,
        () => {
          asked.push(`${locale} ${name}`);
          return messages(locale);
        },
      ]),
    );
  const screenParts = part('screen', screenPart.arrive);
  const indexes: PartIndexes = Object.fromEntries(
    locales.map((locale) => [
      locale,
      () => {
        asked.push(`${locale} index`);
        return Promise.resolve({ [SCREEN_CHUNK]: screenParts[locale]! });
      },
    ]),
  );
  const loader = catalogLoader({
    firstPaint: part('first-paint', (locale) =>
      Promise.resolve({ ...FIRST, home: `${FIRST['home']} ${locale}` }),
    ),
    rest: part('rest', rest.arrive),
    chunks: indexes,
  });
  return { loader, asked, sendRest: rest.send, sendScreen: screenPart.send };
}

describe('catalog parts', () => {
  afterEach(() => activateLoadedLocale('en', english));

  it('draws a split-out screen once its own part of the catalog is in, never its message ids', async () => {
    const { loader, asked, sendScreen } = loaderWithHeldParts(['xx']);
    await loader.activateFirstPaint('xx');
    const Later = () => <p>{i18n._('later')}</p>;
    const LazyScreen = lazy(() => loader.afterMessages(Promise.resolve({ default: Later }), SCREEN_CHUNK));
    render(
      <Suspense fallback={<p role="status">Loading</p>}>
        <LazyScreen />
      </Suspense>,
    );
    // The chunk itself is in; its part of the catalog is not.
    await act(() => Promise.resolve());
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText('later')).toBeNull();

    sendScreen('xx');
    expect(await screen.findByText('Sleep timer')).toBeInTheDocument();
    expect(i18n._('home')).toBe('Home xx');
    // Not the rest: the other screens' messages stay where they are.
    expect(asked).toEqual(['xx first-paint', 'xx index', 'xx screen']);
  });

  it('loads a part once, however many times its chunk is asked for', async () => {
    const { loader, asked, sendScreen } = loaderWithHeldParts(['xx']);
    await loader.activateFirstPaint('xx');
    sendScreen('xx');
    await loader.afterMessages(Promise.resolve('screen'), SCREEN_CHUNK);
    await loader.afterMessages(Promise.resolve('screen'), SCREEN_CHUNK);
    expect(asked).toEqual(['xx first-paint', 'xx index', 'xx screen']);
  });

  it('loads the whole language for a chunk whose part does not arrive (offline: the worker has catalogs whole)', async () => {
    const missing: PartIndexes = {
      xx: () => Promise.resolve({ [SCREEN_CHUNK]: () => Promise.reject(new TypeError('Failed to fetch')) }),
    };
    const loader = catalogLoader({
      firstPaint: { xx: () => Promise.resolve(FIRST) },
      rest: { xx: () => Promise.resolve(REST) },
      chunks: missing,
    });
    await loader.activateFirstPaint('xx');
    await loader.afterMessages(Promise.resolve('screen'), SCREEN_CHUNK);
    expect(i18n._('later')).toBe('Sleep timer');
    expect(i18n._('other')).toBe('Chat');
  });

  it('fails a chunk whose part the build did not make, naming it', async () => {
    const { loader } = loaderWithHeldParts(['xx']);
    await loader.activateFirstPaint('xx');
    await expect(loader.afterMessages(Promise.resolve('screen'), 'src/Other.tsx')).rejects.toThrow(
      'No message catalog part is built for src/Other.tsx',
    );
  });

  it('holds a chunk asked for before any language (the router starts first) until its part in that language is in', async () => {
    const { loader, sendScreen } = loaderWithHeldParts(['xx']);
    let loaded = false;
    const chunk = loader.afterMessages(Promise.resolve('screen'), SCREEN_CHUNK).then(() => (loaded = true));
    await loader.activateFirstPaint('xx');
    await act(() => Promise.resolve());
    expect(loaded).toBe(false);
    sendScreen('xx');
    await chunk;
    expect(i18n._('later')).toBe('Sleep timer');
  });

  it('loads both parts of a language switched to, and has a chunk wait for that one', async () => {
    const { loader, asked, sendRest } = loaderWithHeldParts(['xx', 'yy']);
    await loader.activateFirstPaint('xx');
    const switched = loader.activateWhole('yy');
    const chunk = loader.afterMessages(Promise.resolve('screen'), SCREEN_CHUNK);
    sendRest('yy');
    await Promise.all([switched, chunk]);
    expect(i18n.locale).toBe('yy');
    expect(i18n._('home')).toBe('Home yy');
    expect(i18n._('later')).toBe('Sleep timer');
    expect(i18n._('other')).toBe('Chat');
    // The whole language holds the chunk's messages: its part is not asked for.
    expect(asked).toEqual(['xx first-paint', 'yy first-paint', 'yy rest']);
  });

  it('keeps the rest when the first part is activated again', async () => {
    const { loader, sendRest } = loaderWithHeldParts(['xx']);
    sendRest('xx');
    await loader.activateWhole('xx');
    await loader.activateFirstPaint('xx');
    expect(i18n._('later')).toBe('Sleep timer');
  });

  it('refuses a language with no catalog built', async () => {
    const { loader } = loaderWithHeldParts(['xx']);
    await expect(loader.activateWhole('zz')).rejects.toThrow('No message catalog is built for zz');
  });
});
