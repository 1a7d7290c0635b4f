import { describe, expect, it } from 'vitest';
import { canonicalReaction, favoriteId } from '@onair/core';
import { adminSession, getSchedule } from './support/http.ts';
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
    expect(await answer.json()).toEqual({ error: 'An analytics batch may name only shows of the schedule.', code: 'events_unknown_show' });
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
