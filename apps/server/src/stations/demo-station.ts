import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from '../config.ts';
import { splitMp3Frames } from './mp3-frames.ts';
import { PacedMount, type PacedMountOptions } from './paced-mount.ts';

const ASSETS_DIR = resolve(REPO_ROOT, 'apps/server/assets');

/** Real-sounding tracks for the demo feed; one carries a fada so the whole path is tested with one. */
export const DEMO_TRACKS = [
  'Aoife Ní Mhurchú - Sráid na Gealaí',
  'Seán Ó Briain - Atlantic Drift',
  'Ciarán Mac Giolla - Warehouse on the Liffey',
  'Róisín Dubh Soundsystem - Hold Me Closer (Extended Mix)',
  'DJ Tadhg - Salthill Sunrise',
] as const;

export interface DemoStationOptions extends PacedMountOptions {
  /** How long each demo "track" stays in the feed. */
  trackSeconds?: number;
  stationName: string;
}

/** The server's own small station: two paced MP3 mounts and an Icecast-shaped status feed. */
export class DemoStation {
  readonly standard: PacedMount;
  readonly high: PacedMount;
  readonly #now: () => number;
  readonly #startedMs: number;
  readonly #trackMs: number;
  readonly #stationName: string;

  constructor(options: DemoStationOptions) {
    this.standard = new PacedMount(
      splitMp3Frames(readFileSync(resolve(ASSETS_DIR, 'demo-loop-192.mp3'))),
      options,
    );
    this.high = new PacedMount(
      splitMp3Frames(readFileSync(resolve(ASSETS_DIR, 'demo-loop-320.mp3'))),
      options,
    );
    this.#now = options.now ?? Date.now;
    this.#startedMs = this.#now();
    this.#trackMs = (options.trackSeconds ?? 180) * 1000;
    this.#stationName = options.stationName;
  }

  currentTitle(): string {
    const index = Math.floor((this.#now() - this.#startedMs) / this.#trackMs) % DEMO_TRACKS.length;
    return DEMO_TRACKS[index] ?? DEMO_TRACKS[0];
  }

  /** Shaped like Icecast 2.4's status-json.xsl with one mount (`source` is then an object). */
  status(): unknown {
    const started = new Date(this.#startedMs).toISOString();
    return {
      icestats: {
        admin: 'icemaster@localhost',
        host: 'localhost',
        location: 'Ireland',
        server_id: 'OnAir demo station',
        server_start_iso8601: started,
        source: {
          audio_info: `channels=2;samplerate=44100;bitrate=${this.standard.bitrateKbps}`,
          bitrate: this.standard.bitrateKbps,
          genre: 'House/Techno',
          listener_peak: this.standard.listenerCount,
          listeners: this.standard.listenerCount,
          listenurl: '/demo/live',
          server_description: 'The built-in demo station',
          server_name: this.#stationName,
          server_type: 'audio/mpeg',
          stream_start_iso8601: started,
          title: this.currentTitle(),
        },
      },
    };
  }

  close(): void {
    this.standard.close();
    this.high.close();
  }
}
