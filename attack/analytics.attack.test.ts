import { describe, expect, it } from 'vitest';
import { canonicalReaction, favoriteId } from '@onair/core';
import { adminSession, getSchedule, putSchedule } from './support/http.ts';
import { useTarget, type Target } from './support/target.ts';

/** The server's EVENTS_MAX_BATCHES_PER_WINDOW (a minute); the suite sees the server from outside only. */
const EVENTS_MAX_BATCHES_PER_WINDOW = 30;

const batch = (events: unknown[]) =>
  JSON.stringify({
    events,
    app_id: 'onair-web',
    platform_type: 'web_browser',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0',
  });
const chatClose = { name: 'chat_close', params: {}, at: 1 };

function postEvents(target: Target, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${target.url}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('POST /api/events under attack', () => {
  const target = useTarget();
  let accepted = 0;

  it('refuses made-up events, smuggled fields, oversized and garbage bodies, and a foreign origin, storing nothing', async () => {
    const before = target().storeSnapshot();
    const attempts: [string, Promise<Response>, number][] = [
      [
        'an unknown event',
        postEvents(target(), batch([{ name: 'purchase', params: { amount: 9 }, at: 1 }])),
        400,
      ],
      [
        'an address smuggled into params',
        postEvents(target(), batch([{ name: 'chat_close', params: { ip: '203.0.113.9' }, at: 1 }])),
        400,
      ],
      ['51 events', postEvents(target(), batch(Array(51).fill(chatClose))), 413],
      ['a 1 MB body', postEvents(target(), batch([chatClose]) + ' '.repeat(1_000_000)), 413],
      ['nested garbage', postEvents(target(), '['.repeat(5_000)), 400],
      ['a prototype key', postEvents(target(), '{"__proto__": {"events": []}, "events": []}'), 400],
      ['a foreign origin', postEvents(target(), batch([chatClose]), { origin: 'http://evil.example' }), 403],
    ];
    for (const [label, response, status] of attempts) {
      const answer = await response;
      expect({ label, status: answer.status }).toEqual({ label, status });
      expect(await answer.json()).toHaveProperty('error');
    }
    expect(target().storeSnapshot()).toEqual(before);
  });

  it('limits batches by the real address: forged X-Forwarded-For values (no TRUST_PROXY) share one budget', async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= EVENTS_MAX_BATCHES_PER_WINDOW; index += 1) {
      const response = await postEvents(target(), batch([chatClose]), {
        'x-forwarded-for': `198.51.100.${index}`,
      });
      statuses.push(response.status);
    }
    // The refused batches of the case above spent part of the same budget: accepted ones first, then 429s only.
    accepted = statuses.filter((status) => status === 202).length;
    expect(accepted).toBeGreaterThan(0);
    expect(statuses).toEqual([
      ...Array<number>(accepted).fill(202),
      ...Array<number>(statuses.length - accepted).fill(429),
    ]);
    const before = target().storeSnapshot();
    expect(
      (await postEvents(target(), batch([chatClose]), { 'x-forwarded-for': '198.51.100.250' })).status,
    ).toBe(429);
    expect(target().storeSnapshot()).toEqual(before);
    // The counted rows hold no address, forged or real.
    expect(JSON.stringify(before)).not.toMatch(/198\.51\.100|127\.0\.0\.1/);
  });

  it('shows insights to nobody but the admin', async () => {
    expect((await fetch(`${target().url}/api/insights`)).status).toBe(401);
    const forged = await fetch(`${target().url}/api/insights`, {
      headers: { cookie: `onair_session=${'A'.repeat(43)}` },
    });
    expect(forged.status).toBe(401);
    const admin = await fetch(`${target().url}/api/insights?days=1`, {
      headers: { cookie: await adminSession(target()) },
    });
    expect(admin.status).toBe(200);
    expect(((await admin.json()) as { chat: { closes: number } }).chat.closes).toBe(accepted);
  });

  it('gives the audience figures and their CSV to nobody but the admin, and the CSV to no other site', async () => {
    const csv = `${target().url}/api/insights/audience.csv?table=shows&days=7`;
    for (const url of [`${target().url}/api/insights/audience`, csv]) {
      expect((await fetch(url)).status, url).toBe(401);
      const forged = await fetch(url, { headers: { cookie: `onair_session=${'A'.repeat(43)}` } });
      expect(forged.status, url).toBe(401);
    }
    const cookie = await adminSession(target());
    // The admin's own cookie, in a request another site's page started (a link, an <img>, a fetch).
    const fromElsewhere: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'http://evil.example' },
    ];
    for (const headers of fromElsewhere) {
      const refused = await fetch(csv, { headers: { cookie, ...headers } });
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.headers.get('content-type')).not.toMatch(/csv/);
    }
    const own = await fetch(csv, { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="audience-shows-/);
    const bad = await fetch(`${target().url}/api/insights/audience.csv?table=../../etc/passwd`, {
      headers: { cookie },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses a bad or oversized audience query with a 400 naming the parameter, for the figures and the CSV alike', async () => {
    const cookie = await adminSession(target());
    const days = 'Invalid query: days must be a whole number from 1 to 90.';
    const table = 'Invalid query: table must be one of days, dayparts, shows, sessions.';
    const cases: [string, string][] = [
      ['days=0', days],
      ['days=-7', days],
      ['days=1.5', days],
      ['days=seven', days],
      ['days=91', days],
      ['days=1e9', days],
      ['days=99999999999999999999999', days],
      ['days=7&days=8', days],
      ['days=7&since=2000-01-01', 'Invalid query: since is not a parameter here.'],
      ['days=7&__proto__=x', 'Invalid query: __proto__ is not a parameter here.'],
    ];
    for (const [query, error] of cases) {
      for (const path of ['/api/insights/audience', '/api/insights/audience.csv']) {
        const url = `${target().url}${path}?${path.endsWith('.csv') ? 'table=days&' : ''}${query}`;
        const refused = await fetch(url, { headers: { cookie } });
        expect({ url, status: refused.status }).toEqual({ url, status: 400 });
        expect((await refused.json()) as { error: string }, url).toMatchObject({ error });
      }
    }
    for (const query of ['', 'table=', 'table=../../etc/passwd', 'table=days&table=shows', 'table=DAYS']) {
      const refused = await fetch(`${target().url}/api/insights/audience.csv?${query}&days=7`, {
        headers: { cookie },
      });
      expect({ query, status: refused.status }).toEqual({ query, status: 400 });
      expect(((await refused.json()) as { error: string }).error, query).toBe(table);
    }
  });

  it('defuses a show name a spreadsheet would run as a formula in the audience CSV', async () => {
    const cookie = await adminSession(target());
    const current = await getSchedule(target());
    // On air all week, so the minutes the server has counted since it started fall to it.
    const formula = {
      time: '12am - 12am',
      show: '=HYPERLINK("https://evil.example/x","Open")',
      artist: '@SUM(1+1)',
      genre: '+cmd',
      image: '',
    };
    const saved = await putSchedule(
      target(),
      JSON.stringify({
        version: current.version,
        data: current.data.map(({ day }) => ({ day, shows: [formula] })),
      }),
      { cookie },
    );
    expect(saved.status).toBe(200);
    const csv = await (
      await fetch(`${target().url}/api/insights/audience.csv?table=shows&days=1`, { headers: { cookie } })
    ).text();
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toMatch(/^Show,/);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^"'=HYPERLINK\(""https:\/\/evil\.example\/x"",""Open""\) — @SUM\(1\+1\)",/);
    // No cell of the file starts with what a spreadsheet evaluates.
    for (const line of [header, ...rows]) {
      for (const cell of line?.match(/("([^"]|"")*"|[^,]*)/g) ?? [])
        expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});

describe('analytics parameters under attack: text the admin would read as the station’s own', () => {
  const target = useTarget();
  const phishing = 'Your admin password expired: sign in at https://evil.example/onair';
  const favourite = (showId: string, showName: string) => ({
    name: 'show_favorited',
    params: { show_id: showId, show_name: showName },
    at: 1,
  });
  const insights = async (): Promise<Response> =>
    fetch(`${target().url}/api/insights?days=1`, { headers: { cookie: await adminSession(target()) } });
  const reactionRows = () =>
    (
      target().storeSnapshot().analytics_param_day as Array<{ param: string; value: string; count: number }>
    ).filter((row) => row.param === 'reaction_type');

  it('refuses a batch of 50 invented shows whole: no row added, /insights names none of them', async () => {
    const before = target().storeSnapshot();
    const invented = Array.from({ length: 50 }, (_, index) =>
      favourite(
        index === 0 ? phishing : `Nobody-Invented show ${index}`,
        index === 0 ? phishing : `Invented ${index}`,
      ),
    );
    const answer = await postEvents(target(), batch(invented));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: 'An analytics batch may name only shows of the schedule.',
      code: 'events_unknown_show',
    });
    expect(target().storeSnapshot()).toEqual(before);
    expect(await (await insights()).text()).not.toContain('evil.example');
  });

  it('counts a show of the stored week under its id and names it on /insights as the schedule does, whatever name came', async () => {
    const slot = (await getSchedule(target())).data
      .flatMap((day) => day.shows)
      .find((show) => show.show?.trim() && show.show !== show.artist);
    if (!slot?.show || slot.artist === undefined)
      throw new Error('the seeded week has no show with a name of its own');
    // An older app sends the show's name beside its id: the id is checked, the name is dropped.
    const answer = await postEvents(
      target(),
      batch([favourite(favoriteId({ artist: slot.artist, show: slot.show }), phishing)]),
    );
    expect(answer.status).toBe(202);
    expect(JSON.stringify(target().storeSnapshot())).not.toContain('evil.example');
    const body = (await (await insights()).json()) as { topShows: unknown[] };
    expect(body.topShows).toEqual([{ show: `${slot.show} — ${slot.artist}`, favorited: 1, unfavorited: 0 }]);
  });

  it('keeps at most 100 values of a parameter a day: 150 different reactions add 101 rows, 50 of them counted as (other)', async () => {
    const emoji: string[] = [];
    for (let code = 0x1f600; emoji.length < 150; code += 1) {
      const candidate = String.fromCodePoint(code);
      if (canonicalReaction(candidate) === candidate) emoji.push(candidate);
    }
    for (let start = 0; start < emoji.length; start += 50) {
      const events = emoji
        .slice(start, start + 50)
        .map((reaction) => ({ name: 'reaction_given', params: { reaction_type: reaction }, at: 1 }));
      expect((await postEvents(target(), batch(events))).status).toBe(202);
    }
    const rows = reactionRows();
    expect(rows).toHaveLength(101);
    expect(rows.find((row) => row.value === '(other)')?.count).toBe(50);
    // A value the day already holds is still counted as itself.
    expect(
      (
        await postEvents(
          target(),
          batch([{ name: 'reaction_given', params: { reaction_type: emoji[0] }, at: 1 }]),
        )
      ).status,
    ).toBe(202);
    expect(reactionRows().find((row) => row.value === emoji[0])?.count).toBe(2);
  });
});
