import { act, render, screen } from '@testing-library/react';
import { i18n, type Messages } from '@lingui/core';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as english } from '../../locales/en/messages.po';
import { catalogLoader, type PartLoaders } from './catalog.ts';
import { activateLoadedLocale } from './locale.ts';

// Locales of the test's own, so the app's English (test/setup.ts) is never half loaded.
const FIRST: Messages = { home: 'Home' };
const REST: Messages = { later: 'Sleep timer' };

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** A loader whose rest parts arrive when the test says. */
function loaderWithHeldRest(locales: string[]) {
  const rests = new Map(locales.map((locale) => [locale, deferred<Messages>()]));
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
  const loader = catalogLoader({
    firstPaint: part('first-paint', (locale) =>
      Promise.resolve({ ...FIRST, home: `${FIRST['home']} ${locale}` }),
    ),
    rest: part('rest', (locale) => rests.get(locale)!.promise),
  });
  return { loader, asked, sendRest: (locale: string) => rests.get(locale)!.resolve(REST) };
}

describe('catalog parts', () => {
  afterEach(() => activateLoadedLocale('en', english));

  it('draws a split-out screen only once the rest of the catalog is in, never its message ids', async () => {
    const { loader, sendRest } = loaderWithHeldRest(['xx']);
    await loader.activateFirstPaint('xx');
    const Later = () => <p>{i18n._('later')}</p>;
    const LazyScreen = lazy(() => loader.afterCatalog(Promise.resolve({ default: Later })));
    render(
      <Suspense fallback={<p role="status">Loading</p>}>
        <LazyScreen />
      </Suspense>,
    );
    // The chunk itself is in; the rest of the catalog is not.
    await act(() => Promise.resolve());
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByText('later')).toBeNull();

    sendRest('xx');
    expect(await screen.findByText('Sleep timer')).toBeInTheDocument();
    expect(i18n._('home')).toBe('Home xx');
  });

  it('holds a chunk asked for before any language (the router starts first) until that language is whole', async () => {
    const { loader, sendRest } = loaderWithHeldRest(['xx']);
    let loaded = false;
    const chunk = loader.afterCatalog(Promise.resolve('screen')).then(() => (loaded = true));
    await loader.activateFirstPaint('xx');
    await act(() => Promise.resolve());
    expect(loaded).toBe(false);
    sendRest('xx');
    await chunk;
    expect(i18n._('later')).toBe('Sleep timer');
  });

  it('loads both parts of a language switched to, and waits for that one', async () => {
    const { loader, asked, sendRest } = loaderWithHeldRest(['xx', 'yy']);
    await loader.activateFirstPaint('xx');
    const switched = loader.activateWhole('yy');
    const chunk = loader.afterCatalog(Promise.resolve('screen'));
    sendRest('yy');
    await Promise.all([switched, chunk]);
    expect(i18n.locale).toBe('yy');
    expect(i18n._('home')).toBe('Home yy');
    expect(i18n._('later')).toBe('Sleep timer');
    expect(asked).toEqual(['xx first-paint', 'yy first-paint', 'yy rest']);
  });

  it('keeps the rest when the first part is activated again', async () => {
    const { loader, sendRest } = loaderWithHeldRest(['xx']);
    sendRest('xx');
    await loader.activateWhole('xx');
    await loader.activateFirstPaint('xx');
    expect(i18n._('later')).toBe('Sleep timer');
  });

  it('refuses a language with no catalog built', async () => {
    const { loader } = loaderWithHeldRest(['xx']);
    await expect(loader.activateWhole('zz')).rejects.toThrow('No message catalog is built for zz');
  });
});
