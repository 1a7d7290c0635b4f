import {
  DEFAULT_ARTIST,
  displaySlotTime,
  displayTrack,
  findUpNext,
  localeDirection,
  matchLocale,
  publicStationSchema,
  scheduleDocumentSchema,
  type Locale,
  type PublicStation,
  type Schedule,
} from '@onair/core';
import { i18n, type Messages } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { getJson } from '../lib/api-client.ts';
import { PlayerService } from '../lib/player/player-service.ts';
import { sharedRealtimeClient } from '../lib/realtime-client.ts';
import { messages as english } from '../locales/en/messages.po';
import './embed.css';

// English is at hand, as embed.html's markup is written in it; another language's catalog is a chunk
// of its own, loaded only for a listener who gets it.
i18n.loadAndActivate({ locale: 'en', messages: english });
const otherCatalogs = import.meta.glob<{ messages: Messages }>([
  '../locales/*/messages.po',
  '!../locales/en/messages.po',
]);

/**
 * The embeddable player (/embed, README "Put the player on your website"): play/pause, what is
 * playing, the next show, the station's colours and a link to the full app, in an <iframe> 320–600 px
 * wide. Its own entry without React or the router, so a station's page loads a few KB, not the app.
 * The markup is in embed.html (it paints before this runs); this fills it in and keeps it current.
 */
const PLAY_ICON = 'M8 5.2v13.6a.8.8 0 0 0 1.2.7l10.4-6.8a.8.8 0 0 0 0-1.4L9.2 4.5A.8.8 0 0 0 8 5.2z';
const PAUSE_ICON = 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z';
const NEXT_SHOW_REFRESH_MS = 60_000;

function element<T extends Element>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`embed.html is missing ${selector}`);
  return found;
}

const button = element<HTMLButtonElement>('.embed__play');
const icon = element<SVGPathElement>('.embed__icon');
const title = element<HTMLElement>('[data-embed="title"]');
const artist = element<HTMLElement>('[data-embed="artist"]');
const next = element<HTMLElement>('[data-embed="next"]');
const status = element<HTMLElement>('[data-embed="status"]');
const listenerCount = element<HTMLElement>('[data-embed="listeners"]');
const appLink = element<HTMLAnchorElement>('[data-embed="app-link"]');
const region = element<HTMLElement>('.embed');
const nowLabel = element<HTMLElement>('[data-embed="now-label"]');
const nextLabel = element<HTMLElement>('[data-embed="next-label"]');

const player = new PlayerService();
let stationName = '';
let station: PublicStation | null = null;
let schedule: Schedule | null = null;

function render(): void {
  const { state, listening, error } = player.snapshot;
  button.dataset['state'] = state;
  button.setAttribute('aria-label', listening ? t`Pause` : t`Play`);
  button.setAttribute('aria-busy', String(listening && state === 'loading'));
  icon.setAttribute('d', listening ? PAUSE_ICON : PLAY_ICON);
  const track = displayTrack(player.nowPlaying.nowPlaying ?? { title: '', artist: '' }, {
    title: stationName,
    artist: DEFAULT_ARTIST,
  });
  title.textContent = track.title;
  artist.textContent = track.artist;
  const listeners = player.listeners;
  listenerCount.hidden = listeners === null;
  listenerCount.textContent =
    listeners === null ? '' : plural(listeners, { one: '# listening', other: '# listening' });
  status.textContent = error ?? '';
}

function renderNext(): void {
  if (!station || !schedule) return;
  const slot = findUpNext(schedule, new Date(), station.timeZone)?.slot;
  next.textContent = slot
    ? `${displaySlotTime(slot.time, station.clock)} · ${slot.artist}${slot.show ? ` – ${slot.show}` : ''}`
    : t`Check the schedule for upcoming shows`;
}

/** The texts that are not the station's: the page's own, then what `render` and `renderNext` write. */
function renderLanguage(): void {
  document.documentElement.lang = i18n.locale;
  document.documentElement.dir = localeDirection(i18n.locale as Locale);
  region.setAttribute('aria-label', t`Live radio player`);
  nowLabel.textContent = t`Now Playing`;
  nextLabel.textContent = t`Up next`;
  document.title = station ? t`${stationName} – live` : t`Live radio player`;
  appLink.textContent = station ? t`Open ${stationName}` : t`Open the full app`;
  render();
  if (schedule) renderNext();
}

/**
 * The player speaks the listener's language (their browser's first that OnAir ships), else the
 * station's (README "Languages"). A framed page has no say in the app's stored choice: a third-party
 * frame's storage and cookies are its own.
 */
async function speak(locale: Locale): Promise<void> {
  if (i18n.locale !== locale) {
    const load = otherCatalogs[`../locales/${locale}/messages.po`];
    if (!load) return;
    i18n.loadAndActivate({ locale, messages: (await load()).messages });
  }
  renderLanguage();
}
const browserLocale = navigator.languages.map(matchLocale).find((locale) => locale !== null) ?? null;

button.addEventListener('click', () => {
  if (player.snapshot.listening) player.pause();
  else player.play();
});
player.subscribe(render);
player.start();
// Live from the realtime socket's now-playing topic, as in the full app (a new title, the listener
// count); the poll carries on beneath it for a socket that cannot open.
sharedRealtimeClient().subscribe('now-playing', {
  currentVersion: () => player.realtimeVersion,
  onDocument: (version, data) => player.receiveRealtime(version, data),
});
if (browserLocale) void speak(browserLocale);
else renderLanguage();

void getJson('/api/station', publicStationSchema).then(
  (loaded) => {
    station = loaded;
    stationName = loaded.name;
    // The station's colours, as in the full app (global tokens are not loaded here).
    document.documentElement.style.setProperty('--embed-bg', loaded.theme.background);
    document.documentElement.style.setProperty('--embed-accent', loaded.theme.accent);
    player.setStation({ name: loaded.name, streams: loaded.streams });
    button.disabled = false;
    void speak(browserLocale ?? loaded.locale);
  },
  () => {
    status.textContent = t`The station cannot be reached right now.`;
  },
);
void getJson('/api/schedule', scheduleDocumentSchema).then(
  (document) => {
    schedule = document.data;
    renderNext();
  },
  () => {
    next.textContent = t`Check the schedule for upcoming shows`;
  },
);
setInterval(renderNext, NEXT_SHOW_REFRESH_MS);
