import { describe, expect, it } from 'vitest';
import { icecastListenerCount } from './listener-count.ts';

const status = (source: unknown) => ({ icestats: { source } });

describe('icecastListenerCount', () => {
  it('reads one mount (source is an object)', () => {
    expect(icecastListenerCount(status({ listeners: 7, listenurl: 'http://ice:8000/live' }), ['/live'])).toBe(
      7,
    );
  });

  it("sums the station's mounts and ignores other stations on the same Icecast", () => {
    const body = status([
      { listeners: 7, listenurl: 'http://ice:8000/live' },
      { listeners: 3, listenurl: 'http://ice:8000/live-hq' },
      { listeners: 90, listenurl: 'http://ice:8000/other-station' },
    ]);
    expect(icecastListenerCount(body, ['/live', '/live-hq'])).toBe(10);
  });

  it('counts every source when none matches by path (a proxied public URL)', () => {
    const body = status([{ listeners: 2, listenurl: 'http://ice:8000/a' }, { listeners: 5 }]);
    expect(icecastListenerCount(body, ['/stream'])).toBe(7);
  });

  it.each([
    ['no source', { icestats: {} }],
    ['not an object', 'oops'],
    ['no listener figure', status({ title: 'x' })],
    ['a negative figure', status({ listeners: -1 })],
    ['a fractional figure', status({ listeners: 1.5 })],
  ])('is null for %s', (_label, body) => {
    expect(icecastListenerCount(body, ['/live'])).toBeNull();
  });
});
