import { CHAT_HISTORY_PAGE_MAX, type ChatMessage, type NowPlaying, type PublicStation } from '@onair/core';
import { vi } from 'vitest';
import { RealtimeClient } from '../lib/realtime-client.ts';
import { bundledSchedule } from '../lib/bundled-schedule.ts';

export const testStation: PublicStation = {
  name: 'Test FM',
  shortName: 'Test',
  tagline: 'Always testing, never resting',
  timeZone: 'Europe/Dublin',
  clock: '24-hour',
  locale: 'en',
  streams: { standard: '/demo/live', high: '/demo/live-hq' },
  social: {},
  theme: { background: '#12061f', accent: '#c026d3' },
  musicLinks: ['spotify', 'apple-music', 'youtube', 'bandcamp'],
};

/** How a stubbed route answers: a JSON body, an error status, or a function of the request. */
export type StubbedAnswer =
  | { body: unknown; status?: number }
  | { status: number }
  | ((request: StubbedRequest) => Response | Promise<Response>);

/** What a function answer is handed (not a Request: Node's refuses jsdom's AbortSignal). */
export interface StubbedRequest {
  method: string;
  url: URL;
  init: RequestInit | undefined;
}

/** Routes keyed by method and path, e.g. `'GET /api/station'` or `'PUT /api/schedule'`. */
export type StubbedRoutes = Record<string, StubbedAnswer>;

// What the test did not declare. The app under test swallows a failed request (it shows a fallback),
// so rejecting alone would hide it: setup.ts fails the test in afterEach while this list is not empty.
const unexpectedRequests: string[] = [];
const unexpectedSockets: string[] = [];

/** Empties and returns what was not declared since the last call (setup.ts calls it after each test). */
export function takeUnexpected(): string[] {
  const found = [
    ...unexpectedRequests.map((request) => `an unexpected request ${request} (declare it with stubApi)`),
    ...unexpectedSockets.map((url) => `an unexpected WebSocket to ${url} (inject a realtime client instead)`),
  ];
  unexpectedRequests.length = 0;
  unexpectedSockets.length = 0;
  return found;
}

function answerWith(answer: StubbedAnswer, request: StubbedRequest): Response | Promise<Response> {
  if (typeof answer === 'function') return answer(request);
  const status = answer.status ?? 200;
  // 204 and 205 carry no body by definition (the Response constructor refuses one).
  if (!('body' in answer))
    return new Response(status === 204 || status === 205 ? null : `HTTP ${status}`, { status });
  return Response.json(answer.body, { status });
}

/**
 * Replaces fetch with `routes`. Any other request rejects like a dead network AND fails the test,
 * naming its method and URL. setup.ts installs an empty one before each test, so a test that
 * renders something which fetches must say what it expects.
 */
export function stubApi(routes: StubbedRoutes = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, location.href);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const request: StubbedRequest = { method, url, init };
    const key = `${method} ${url.pathname}${url.search}`;
    const answer = routes[key];
    if (!answer) {
      unexpectedRequests.push(key);
      throw new TypeError(`unexpected fetch: ${key}`);
    }
    return answerWith(answer, request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Answers GET /api/station with `answer` (the test station by default), plus any `more` routes. */
export function stubStationFetch(answer: StubbedAnswer = { body: testStation }, more: StubbedRoutes = {}) {
  return stubApi({ 'GET /api/station': answer, ...more });
}

/** What /api/now-playing answers before the feed named a track. */
export const noTrackYet: NowPlaying = { title: '', artist: '', album: '', artwork: '', updatedAt: null };

/** A chat message as the server serves it; `n` gives it a distinct id, seq and minute. */
export function chatMessage(n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    seq: n,
    name: 'Aoife',
    text: `message ${n}`,
    replyTo: null,
    mentions: [],
    reactions: [],
    createdAt: Date.UTC(2026, 2, 2, 19, 0) + n * 60_000,
    deleted: false,
    admin: false,
    ...overrides,
  };
}

/** Home's Chat shortcut reads the newest chat messages for its unread badge: they answer `messages`. */
export function newestChatMessages(messages: ChatMessage[]): StubbedRoutes {
  return { [`GET /api/chat/messages?limit=${CHAT_HISTORY_PAGE_MAX}`]: { body: { messages } } };
}

/** Live rewind's window while the archive holds nothing yet: the live card stays as it was. */
export const nothingRecorded: StubbedRoutes = {
  'GET /api/rewind/window': { body: { earliestAt: null, timeshiftMs: 4 * 3_600_000 } },
};

/** The schedule's past slots ask for the week's episodes: none kept. */
export const noEpisodes: StubbedRoutes = { 'GET /api/episodes?limit=100': { body: { episodes: [] } } };

/**
 * The GETs the whole app makes for a listener: the test station, the bundled week (version 1),
 * no track yet and no history, a listener session and an empty chat. `more` adds routes or replaces these.
 */
export function stubAppApi(more: StubbedRoutes = {}) {
  return stubApi({
    'GET /api/station': { body: testStation },
    'GET /api/schedule': { body: { data: bundledSchedule(), version: 1 } },
    'GET /api/now-playing': { body: noTrackYet },
    'GET /api/now-playing/history': { body: { tracks: [] } },
    'GET /api/auth/me': { body: { role: 'listener', signInEnabled: false } },
    ...nothingRecorded,
    ...noEpisodes,
    ...newestChatMessages([]),
    ...more,
  });
}

/**
 * Stands in for the global WebSocket: opening one records the URL and fails the test (jsdom's real
 * one would dial a server and leave reconnect timers running into the next test). The constants are
 * kept because RealtimeClient compares readyState with WebSocket.OPEN.
 */
export class RefusedWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  constructor(url: string | URL) {
    unexpectedSockets.push(String(url));
    throw new Error(`unexpected WebSocket to ${String(url)}`);
  }
}

/** A socket the test drives by hand: open it, push frames, drop it. */
export class FakeSocket {
  readyState: number = RefusedWebSocket.CONNECTING;
  readonly sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = RefusedWebSocket.CLOSED;
  }
  open() {
    this.readyState = RefusedWebSocket.OPEN;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  /** The connection ends: 1006 (abnormal) as when the network or the server died, or the server's code. */
  drop(code = 1006) {
    this.readyState = RefusedWebSocket.CLOSED;
    this.onclose?.({ code });
  }
}

/** A realtime client on fake sockets, for the tests that opt in to live updates. */
export function fakeRealtime(random: () => number = () => 1) {
  const sockets: FakeSocket[] = [];
  const client = new RealtimeClient(
    'ws://test/api/realtime',
    () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    random,
  );
  return { client, sockets };
}

/** jsdom has no WebGL (getContext only logs an error); make that explicit so the shader falls back quietly. */
export function withoutWebGl() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
}
