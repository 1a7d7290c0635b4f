import { SW_ACTIVATION_TIMEOUT_MS, SW_UPDATE_CHECK_MS } from '@onair/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServiceWorkerOptions } from './service-worker.ts';

type Listener = (event: { isUpdate?: boolean }) => void;

// A stand-in for workbox-window's Workbox: the real one needs a browser with service workers.
const fake = vi.hoisted(() => ({
  instances: [] as Array<{
    listeners: Map<string, Listener[]>;
    register: ReturnType<typeof vi.fn>;
    update: ReturnType<typeof vi.fn>;
    messageSkipWaiting: ReturnType<typeof vi.fn>;
    emit: (type: string, event?: { isUpdate?: boolean }) => void;
  }>,
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    listeners = new Map<string, Listener[]>();
    register = vi.fn(() => Promise.resolve());
    update = vi.fn(() => Promise.resolve());
    messageSkipWaiting = vi.fn();
    constructor(
      readonly url: string,
      readonly options: { scope: string },
    ) {
      fake.instances.push(this);
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    emit(type: string, event: { isUpdate?: boolean } = {}) {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    }
  },
}));

/** Whether a service worker controlled the page when it loaded. */
function controller(present: boolean) {
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: present ? {} : null } });
}

/** The player as the updater sees it: whether it is listening, and who watches for a change. */
function fakePlayer(initially: boolean) {
  let playing = initially;
  const watchers = new Set<() => void>();
  return {
    listening: {
      now: () => playing,
      subscribe: (watcher: () => void) => {
        watchers.add(watcher);
        return () => void watchers.delete(watcher);
      },
    },
    set(next: boolean) {
      playing = next;
      watchers.forEach((watcher) => watcher());
    },
    watchers: () => watchers.size,
  };
}

async function started(listening?: ServiceWorkerOptions['listening']) {
  const { startServiceWorker } = await import('./service-worker.ts');
  const reload = vi.fn();
  const stop = startServiceWorker({ reload, listening });
  await vi.waitFor(() => expect(fake.instances).toHaveLength(1));
  const workbox = fake.instances[0]!;
  return { reload, stop, workbox };
}

describe('startServiceWorker', () => {
  beforeEach(() => {
    fake.instances.length = 0;
    vi.resetModules();
  });
  afterEach(() => vi.useRealTimers());

  it('registers /sw.js at scope / and checks for an update every 30 s', async () => {
    controller(false);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { workbox, stop } = await started();
    expect(workbox).toMatchObject({ url: '/sw.js', options: { scope: '/' } });
    expect(workbox.register).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SW_UPDATE_CHECK_MS * 3);
    expect(workbox.update).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(SW_UPDATE_CHECK_MS * 3);
    expect(workbox.update).toHaveBeenCalledTimes(3);
  });

  it('asks a waiting version to skip waiting, then reloads exactly once when it takes control', async () => {
    controller(true);
    const { workbox, reload } = await started();
    workbox.emit('waiting');
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    workbox.emit('controlling');
    workbox.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waits for the music to stop before reloading into a new version', async () => {
    controller(true);
    const player = fakePlayer(true);
    const { workbox, reload } = await started(player.listening);
    workbox.emit('waiting');
    workbox.emit('controlling');
    player.set(true); // a title change while still playing
    expect(reload).not.toHaveBeenCalled();
    player.set(false);
    player.set(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(player.watchers()).toBe(0);
  });

  it('reloads at once when the new version arrives while nothing plays', async () => {
    controller(true);
    const { workbox, reload } = await started(fakePlayer(false).listening);
    workbox.emit('waiting');
    workbox.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload the page after it stopped, even if the music stops later', async () => {
    controller(true);
    const player = fakePlayer(true);
    const { workbox, reload, stop } = await started(player.listening);
    workbox.emit('waiting');
    workbox.emit('controlling');
    stop();
    expect(player.watchers()).toBe(0);
    player.set(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when the first version merely claims a fresh page, but does for the next version', async () => {
    controller(false);
    const { workbox, reload } = await started();
    workbox.emit('controlling'); // clients.claim() on a first visit
    expect(reload).not.toHaveBeenCalled();
    workbox.emit('waiting');
    workbox.emit('controlling'); // a later release, with the page still open
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('gives up on an activation that takes longer than 10 s, without reloading into the old version', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    controller(true);
    const { workbox, reload } = await started();
    workbox.emit('waiting');
    vi.advanceTimersByTime(SW_ACTIVATION_TIMEOUT_MS);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('did not activate'));
    expect(reload).not.toHaveBeenCalled();
  });
});
