import {
  DEFAULT_ARTIST,
  displaySlotTime,
  displayTrack,
  findUpNext,
  listenersText,
  publicStationSchema,
  scheduleDocumentSchema,
  type PublicStation,
  type Schedule,
} from '@onair/core';
import { i18n } from '@lingui/core';
import { getJson } from '../lib/api-client.ts';
import { PlayerService } from '../lib/player/player-service.ts';
import { sharedRealtimeClient } from '../lib/realtime-client.ts';
import { messages as english } from '../locales/en/messages.po';
import './embed.css';

// The player's own notices (a refused stream, a cast error) are catalog messages; the embed speaks
// English, as its markup does.
i18n.loadAndActivate({ locale: 'en', messages: english });

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
const listeners = element<HTMLElement>('[data-embed="listeners"]');
const appLink = element<HTMLAnchorElement>('[data-embed="app-link"]');

const player = new PlayerService();
let stationName = '';
let station: PublicStation | null = null;
let schedule: Schedule | null = null;

function render(): void {
  const { state, listening, error } = player.snapshot;
  button.dataset['state'] = state;
  button.setAttribute('aria-label', listening ? 'Pause' : 'Play');
  button.setAttribute('aria-busy', String(listening && state === 'loading'));
  icon.setAttribute('d', listening ? PAUSE_ICON : PLAY_ICON);
  const track = displayTrack(player.nowPlaying.nowPlaying ?? { title: '', artist: '' }, {
    title: stationName,
    artist: DEFAULT_ARTIST,
  });
  title.textContent = track.title;
  artist.textContent = track.artist;
  const count = player.listeners;
  listeners.hidden = count === null;
  listeners.textContent = count === null ? '' : listenersText(count);
  status.textContent = error ?? '';
}

function renderNext(): void {
  if (!station || !schedule) return;
  const slot = findUpNext(schedule, new Date(), station.timeZone)?.slot;
  next.textContent = slot
    ? `${displaySlotTime(slot.time, station.clock)} · ${slot.artist}${slot.show ? ` – ${slot.show}` : ''}`
    : 'Check the schedule for upcoming shows';
}

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
render();

void getJson('/api/station', publicStationSchema).then(
  (loaded) => {
    station = loaded;
    stationName = loaded.name;
    document.title = `${loaded.name} – live`;
    // The station's colours, as in the full app (global tokens are not loaded here).
    document.documentElement.style.setProperty('--embed-bg', loaded.theme.background);
    document.documentElement.style.setProperty('--embed-accent', loaded.theme.accent);
    appLink.textContent = `Open ${loaded.name}`;
    player.setStation({ name: loaded.name, streams: loaded.streams });
    button.disabled = false;
    render();
    renderNext();
  },
  () => {
    status.textContent = 'The station cannot be reached right now.';
  },
);
void getJson('/api/schedule', scheduleDocumentSchema).then(
  (document) => {
    schedule = document.data;
    renderNext();
  },
  () => {
    next.textContent = 'Check the schedule for upcoming shows';
  },
);
setInterval(renderNext, NEXT_SHOW_REFRESH_MS);
