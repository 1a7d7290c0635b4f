import { get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './fixtures/suite.ts';
import { openPage } from './fixtures/browser.ts';

/** Reads `url` for `seconds` after skipping the first `skipSeconds`; returns the content type and bytes/s. */
function measureRate(url: string, skipSeconds: number, seconds: number) {
  return new Promise<{ contentType: string; bytesPerSecond: number; burstBytes: number }>(
    (resolve, reject) => {
      const request = get(url, (response) => {
        const started = Date.now();
        let burstBytes = 0;
        let measured = 0;
        let measuringSince = 0;
        response.on('data', (chunk: Buffer) => {
          const elapsed = (Date.now() - started) / 1000;
          if (elapsed < skipSeconds) {
            burstBytes += chunk.length;
            return;
          }
          measuringSince ||= Date.now();
          measured += chunk.length;
          if ((Date.now() - measuringSince) / 1000 >= seconds) {
            request.destroy();
            resolve({
              contentType: String(response.headers['content-type']),
              bytesPerSecond: measured / ((Date.now() - measuringSince) / 1000),
              burstBytes,
            });
          }
        });
        response.on('error', reject);
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    },
  );
}

describe('the demo station', () => {
  const { server, browser } = useServerAndBrowser();

  it.each(['/demo/live', '/demo/live-hq'])('plays %s in Chromium', async (mount) => {
    const page = await openPage(browser());
    await page.goto(server().url);
    // currentTime advancing is the honest sign of sound in headless Chromium (not the 'playing' event).
    const advanced = await page.evaluate(async (src) => {
      const audio = new Audio(src);
      await audio.play();
      const deadline = Date.now() + 15_000;
      while (audio.currentTime < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const seconds = audio.currentTime;
      audio.pause();
      return seconds;
    }, mount);
    expect(advanced).toBeGreaterThanOrEqual(1);
    await page.context().close();
  });

  it('streams audio/mpeg after a burst, paced rather than dumped', async () => {
    const { contentType, bytesPerSecond, burstBytes } = await measureRate(`${server().url}/demo/live`, 1, 5);
    expect(contentType).toBe('audio/mpeg');
    expect(burstBytes).toBeGreaterThanOrEqual(60_000); // the burst lets a player start at once
    // The exact pace is the PacedMount unit test's (fake clock); a wall-clock rate on a shared, busy
    // machine is not. What holds whatever the load: audio keeps flowing (more than a quarter of real
    // time), and it is paced: an unpaced dump of the loop over loopback runs at tens of Mbit/s, far
    // above three times 192 kbps.
    const kbps = (bytesPerSecond * 8) / 1000;
    expect(kbps).toBeGreaterThan(192 / 4);
    expect(kbps).toBeLessThan(192 * 3);
  });
});
