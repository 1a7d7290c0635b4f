import { createECDH, randomBytes } from 'node:crypto';
import { SHIPPED_LOCALES } from '@onair/core';
import { describe, expect, it } from 'vitest';
import { rawExchange } from './support/http.ts';
import { LOG_LEVEL_WARN, useTarget, type Target } from './support/target.ts';

/** What a forged value would look like if it came back in a page or a manifest. */
const MARKER = `lang-marker-${process.pid}`;

function putSubscription(target: Target, body: unknown): Promise<Response> {
  return fetch(`${target.url}/api/push/subscription`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The page as a browser navigating to it asks for it, with the headers under test. */
function page(target: Target, path: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${target.url}${path}`, { headers: { accept: 'text/html', ...headers } });
}

function manifest(target: Target, headers: Record<string, string>): Promise<Response> {
  return fetch(`${target.url}/manifest.webmanifest`, { headers });
}

const htmlLang = (html: string) => /<html lang="([^"]*)" dir="([^"]*)">/.exec(html)?.slice(1, 3);

/**
 * The listener's language is chosen from what the client sends (the `playfm_locale` cookie,
 * Accept-Language) and stored with a push subscription: each is the attacker's to write. None of it
 * may reach a page, a manifest or the store except as one of the shipped locales.
 */
describe('languages under attack', () => {
  // The station file names no `locale`: English is the station's language.
  const target = useTarget({ LOG_LEVEL: 'info' });

  it('refuses a push subscription with a locale OnAir does not ship, with a code, and keeps the stored one', async () => {
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/lang-attack',
      keys: {
        p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    const saved = await putSubscription(target(), {
      subscription,
      preferences: { enabled: true },
      locale: 'ga',
    });
    expect(saved.status).toBe(200);
    const before = target().storeSnapshot();
    expect(before.push_subscription).toEqual([expect.objectContaining({ locale: 'ga' })]);

    for (const locale of [
      'xx',
      'GA',
      'ga-IE',
      '',
      '__proto__',
      'constructor',
      `ga${MARKER}`,
      'ga\u0000',
      '<script>alert(1)</script>',
      'g'.repeat(20_000),
      7,
      ['ga'],
      { toString: 'ga' },
      null,
    ]) {
      const response = await putSubscription(target(), {
        subscription,
        preferences: { enabled: false },
        locale,
      });
      const label = JSON.stringify(locale).slice(0, 40);
      expect({ label, status: response.status }).toEqual({ label, status: 400 });
      expect(await response.json()).toEqual({
        error: `Invalid push subscription: locale must be one of ${SHIPPED_LOCALES.join(', ')}.`,
        code: 'push_subscription_invalid',
      });
    }
    // Nothing changed: not the language, not the preferences the same bodies carried.
    expect(target().storeSnapshot()).toEqual(before);
  });

  const JUNK_COOKIES = [
    `playfm_locale="><script>${MARKER}</script>`,
    'playfm_locale=__proto__',
    'playfm_locale=constructor',
    'playfm_locale=DE',
    'playfm_locale=%64%65',
    'playfm_locale=de%00',
    `playfm_locale=${'x'.repeat(8_000)}`,
    `playfm_locale=; playfm_locale=${MARKER}`,
    `a=1;${' '.repeat(6_000)}playfm_locale=${MARKER}`,
  ];

  it.each(JUNK_COOKIES.map((cookie) => [cookie.slice(0, 40), cookie]))(
    'a junk playfm_locale cookie (%s) falls back to Accept-Language, on the page, the shell and the manifest',
    async (_label, cookie) => {
      for (const path of ['/', '/schedule', '/index.html']) {
        const response = await page(target(), path, { cookie, 'accept-language': 'de-AT, ga;q=0.5' });
        expect(response.status).toBe(200);
        expect(response.headers.get('vary')).toMatch(/Accept-Language/i);
        expect(response.headers.get('vary')).toMatch(/Cookie/i);
        const html = await response.text();
        expect(htmlLang(html)).toEqual(['de', 'ltr']);
        expect(html).not.toContain(MARKER);
      }
      const answer = await manifest(target(), { cookie, 'accept-language': 'de-AT' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('vary')).toMatch(/Accept-Language/i);
      const body = await answer.text();
      expect(body).not.toContain(MARKER);
      expect(JSON.parse(body)).toMatchObject({ lang: 'de', dir: 'ltr' });
    },
  );

  it('reads only the first 20 ranges of a long Accept-Language, and ignores weights that are not numbers', async () => {
    const junk = Array.from({ length: 1_500 }, (_, index) => `x${index}`).join(', ');
    const cases: [string, string][] = [
      // Thousands of ranges: the station's language (the German at the end is past the 20 read).
      [`${junk}, de`, 'en'],
      [`fr, ${junk}`, 'fr'],
      [`de;q=1e999, fr;q=NaN, ga;q=-1, pt;q=0.${'9'.repeat(2_000)}, es;q=0.5`, 'pt-BR'],
      [`${'de-'.repeat(3_000)}AT`, 'de'],
      ['en-XA-x-pseudo, *', 'en'],
    ];
    for (const [acceptLanguage, expected] of cases) {
      expect(acceptLanguage.length).toBeLessThan(14_000);
      const response = await page(target(), '/', { 'accept-language': acceptLanguage });
      expect({ acceptLanguage: acceptLanguage.slice(0, 40), status: response.status }).toEqual({
        acceptLanguage: acceptLanguage.slice(0, 40),
        status: 200,
      });
      expect(htmlLang(await response.text())?.[0]).toBe(expected);
      const answer = await manifest(target(), { 'accept-language': acceptLanguage });
      expect((await answer.json()) as { lang: string }).toMatchObject({ lang: expected });
    }
  });

  it('answers a header past the server’s limit with 431, and keeps serving', async () => {
    const { received } = await rawExchange(
      target(),
      `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nAccept-Language: ${'de, '.repeat(10_000)}\r\nConnection: close\r\n\r\n`,
      5_000,
    );
    expect(received.toString('latin1')).toMatch(/^HTTP\/1\.1 431 /);
    const response = await page(target(), '/', { 'accept-language': 'ga-IE' });
    expect(htmlLang(await response.text())).toEqual(['ga', 'ltr']);
  });

  it('is not poisoned by what came before: each answer is the one its own headers ask for', async () => {
    for (const [headers, expected] of [
      [{}, 'en'],
      [{ 'accept-language': 'ga-IE' }, 'ga'],
      [{ cookie: 'playfm_locale=fr', 'accept-language': 'ga-IE' }, 'fr'],
      [{ cookie: 'playfm_locale=en-XA' }, 'en-XA'],
    ] as const) {
      const response = await page(target(), '/', headers);
      expect(htmlLang(await response.text())?.[0]).toBe(expected);
      const answer = await manifest(target(), headers);
      expect((await answer.json()) as { lang: string }).toMatchObject({ lang: expected });
    }
  });

  it('logged none of it at warn or above', () => {
    expect(
      target().log.lines.filter((line) => line.level >= LOG_LEVEL_WARN && !/VAPID_SUBJECT/.test(line.raw)),
    ).toEqual([]);
  });
});
