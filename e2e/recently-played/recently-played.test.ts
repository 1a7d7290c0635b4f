import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../fixtures/a11y.ts';
import { openListenerPage, storedJson } from '../fixtures/listener.ts';
import { waitFor } from '../fixtures/ports.ts';
import { useIcecastStation } from '../fixtures/suite.ts';

const LISTENER_ZONE = 'America/New_York';
const STATION_ZONE = 'Europe/Dublin';

/** Recently played and saved songs in a real Chromium, titles set at a real Icecast fed by ffmpeg. */
describe('recently played', () => {
  const station = useIcecastStation({ high: false });

  async function setTrack(song: string): Promise<void> {
    await station.icecast().setTitle('/live', song);
    await waitFor(`the server to list "${song}"`, async () => {
      const body = (await (await fetch(`${station.server().url}/api/now-playing/history`)).json()) as {
        tracks: { title: string; artist: string }[];
      };
      const first = body.tracks[0];
      return first !== undefined && `${first.artist} - ${first.title}` === song;
    });
  }

  async function openHome(): Promise<Page> {
    const page = await openListenerPage(station.browser(), { locale: 'en-US', timezoneId: LISTENER_ZONE });
    await page.goto(station.server().url);
    return page;
  }

  const recent = (page: Page) => page.getByRole('region', { name: 'Recently played' });

  it('shows a title change at Icecast live, timed on the station’s clock, with links that open the search', async () => {
    await setTrack('Aoife Ní Mhurchú - Sunrise');
    const page = await openHome();
    await recent(page).getByText('Sunrise').waitFor();

    // Live from the hub: no reload, no 30 s poll.
    await setTrack('Niamh - Moonrise');
    await recent(page).getByText('Moonrise').waitFor({ timeout: 10_000 });
    const history = (await (await fetch(`${station.server().url}/api/now-playing/history`)).json()) as {
      tracks: { title: string; startedAt: string }[];
    };
    const sunrise = history.tracks.find((track) => track.title === 'Sunrise');
    if (!sunrise) throw new Error('Sunrise is not in the history');
    // HH:MM on the station's 24-hour clock, like every time the app shows (README "One clock").
    const expected = new Intl.DateTimeFormat('en-US', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: STATION_ZONE,
    }).format(Date.parse(sunrise.startedAt));
    expect(await recent(page).locator(`time[datetime="${sunrise.startedAt}"]`).textContent()).toBe(expected);

    const links = recent(page)
      .getByRole('list', { name: 'Find Sunrise by Aoife Ní Mhurchú' })
      .getByRole('link');
    expect(await links.allTextContents()).toEqual(['Spotify', 'Apple Music', 'YouTube', 'Bandcamp']);
    // The search opens in a new tab; the machine has no internet, so the service answers from here.
    await page
      .context()
      .route('https://music.apple.com/**', (route) =>
        route.fulfill({ body: '<title>Apple Music search</title>', contentType: 'text/html' }),
      );
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      recent(page).getByRole('link', { name: 'Apple Music: search Sunrise by Aoife Ní Mhurchú' }).click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe('https://music.apple.com/search?term=Aoife%20N%C3%AD%20Mhurch%C3%BA%20Sunrise');
    expect(await seriousA11yViolations(page, '.recently-played')).toEqual([]);
    await page.context().close();
  });

  it('keeps a song saved with its heart while offline, and still after a reload', async () => {
    await setTrack('Síle - Harbour Lights');
    const page = await openHome();
    const heart = recent(page).getByRole('button', { name: 'Save Harbour Lights by Síle' });
    await heart.waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');

    await page.context().setOffline(true);
    await heart.click();
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    expect(await storedJson(page, 'playfm_saved_tracks')).toMatchObject([
      { title: 'Harbour Lights', artist: 'Síle' },
    ]);
    await page.context().setOffline(false);

    await page.reload();
    await waitFor(
      'the heart to stay on after the reload',
      async () =>
        (await recent(page)
          .getByRole('button', { name: 'Save Harbour Lights by Síle' })
          .getAttribute('aria-pressed')) === 'true',
    );
    await recent(page).getByRole('button', { name: 'All songs and saved (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recently played' });
    const saved = dialog.getByRole('list', { name: 'Saved songs' });
    await saved.getByText('Harbour Lights').waitFor();
    expect(
      await saved.getByRole('link', { name: 'Bandcamp: search Harbour Lights by Síle' }).getAttribute('href'),
    ).toBe('https://bandcamp.com/search?q=S%C3%ADle%20Harbour%20Lights');
    expect(await seriousA11yViolations(page, 'dialog')).toEqual([]);

    // Un-saving from the saved list takes it out everywhere.
    await saved.getByRole('button', { name: 'Save Harbour Lights by Síle' }).click();
    await dialog.getByText('No saved songs yet. Tap a heart to keep a song here.').waitFor();
    expect(await storedJson(page, 'playfm_saved_tracks')).toEqual([]);
    await page.context().close();
  });
});
