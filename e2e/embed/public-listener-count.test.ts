import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nowPlayingSchema } from '@onair/core';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { openListenerPage } from '../fixtures/listener.ts';
import { waitFor } from '../fixtures/ports.ts';
import { REPO_ROOT } from '../fixtures/server.ts';
import { useIcecastStation } from '../fixtures/suite.ts';

/** The station opts in, from 2 listeners on: 1 is hidden, 2 is shown. */
const MINIMUM = 2;
const stationDir = mkdtempSync(join(tmpdir(), 'onair-e2e-listeners-'));
const stationFile = join(stationDir, 'station.json');
writeFileSync(
  stationFile,
  JSON.stringify({
    ...(JSON.parse(readFileSync(join(REPO_ROOT, 'station.config.json'), 'utf8')) as object),
    publicListenerCount: { enabled: true, minimum: MINIMUM },
  }),
);

/** A listener on Icecast itself (a car radio, VLC): a real connection to the mount, its audio read and dropped. */
function tuneIn(url: string): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = get(url, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
      response.resume();
      resolve(request);
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

describe('the public listener count', () => {
  const station = useIcecastStation({ high: false, env: { STATION_CONFIG: stationFile } });
  const tunedIn: ClientRequest[] = [];
  afterAll(() => {
    for (const request of tunedIn) request.destroy();
    rmSync(stationDir, { recursive: true, force: true });
  });

  const served = async () =>
    nowPlayingSchema.parse(await (await fetch(`${station.server().url}/api/now-playing`)).json());

  it('is hidden below the minimum and shown at it, live on Home and in /embed', async () => {
    tunedIn.push(await tuneIn(station.icecast().mountUrl('/live')));
    // Icecast counts the archive's recorder too (recording is on by default); the server leaves it out.
    await waitFor('Icecast to count the recorder and the first listener', async () => {
      const status = (await station.icecast().status()) as { icestats: { source: { listeners: number } } };
      return status.icestats.source.listeners === 2;
    });
    // The title changes after Icecast counted the listener, so the read that brings it counts them too:
    // one listener, below the minimum, so nothing shows.
    await station.setTrack('Ciarán Mac Giolla - Tonnta');
    expect(await served()).not.toHaveProperty('listeners');

    const home = await openListenerPage(station.browser());
    await home.goto(station.server().url);
    await home.getByTestId('now-playing').getByText('Tonnta').waitFor();
    expect(await home.getByTestId('listener-count').count()).toBe(0);
    expect(await home.getByText(/listening$/).count()).toBe(0);

    const embed = await openListenerPage(station.browser());
    await embed.goto(`${station.server().url}/embed`);
    await embed.getByTestId('embed-now-playing').getByText('Tonnta').waitFor({ timeout: 40_000 });
    expect(await embed.getByTestId('embed-listener-count').isHidden()).toBe(true);

    // A second listener reaches the minimum: Home and the embed learn it over the realtime socket,
    // no reload (their polls come every 30 s; the count shows within a few seconds).
    tunedIn.push(await tuneIn(station.icecast().mountUrl('/live')));
    await waitFor('the API to carry the count', async () => (await served()).listeners === MINIMUM, 30_000);
    await home
      .getByTestId('listener-count')
      .getByText('2 listening', { exact: true })
      .waitFor({ timeout: 5_000 });
    expect(await seriousA11yViolations(home)).toEqual([]);
    await embed
      .getByTestId('embed-listener-count')
      .getByText('2 listening', { exact: true })
      .waitFor({ timeout: 5_000 });
    expect(await seriousA11yViolations(embed)).toEqual([]);

    // One leaves: below the minimum again, the count goes from Home.
    tunedIn.shift()?.destroy();
    await waitFor('the API to drop the count', async () => !('listeners' in (await served())), 30_000);
    await home.getByTestId('listener-count').waitFor({ state: 'detached', timeout: 5_000 });
    await embed.getByTestId('embed-listener-count').waitFor({ state: 'hidden', timeout: 5_000 });
    await home.context().close();
    await embed.context().close();
  });
});
