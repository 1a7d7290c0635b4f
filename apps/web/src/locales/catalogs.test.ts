// @vitest-environment node
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PSEUDO_LOCALE, SHIPPED_LOCALES } from '@onair/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogLocales, formattedShippedLocales, GENERATED_FILE } from './shipped-locales.ts';

/**
 * The catalogs against the code (README "Languages"): every message the code uses is in every shipped
 * catalog, translated, with the same ICU placeholders as the English one (a translation that drops
 * `{count}` fails). `npm run i18n:extract` brings new messages in; a translator fills them.
 */
const config = getConfig({ configPath: fileURLToPath(new URL('../../lingui.config.ts', import.meta.url)) });

type Messages = Record<string, { message?: string; translation?: string }>;
let inCode: Messages;
let catalogs: Record<string, Messages>;

beforeAll(async () => {
  const [catalog] = await getCatalogs(config);
  if (!catalog) throw new Error('lingui.config.ts names no catalog');
  inCode = ((await catalog.collect()) ?? {}) as Messages;
  catalogs = (await catalog.readAll()) as Record<string, Messages>;
}, 120_000);

/** The names of an ICU message's arguments (`{count}`, `{count, plural, …}`, `<0>…</0>` tags). */
export function placeholders(message: string): string[] {
  const names = new Set<string>();
  for (const [, name] of message.matchAll(/\{\s*([\w.]+)\s*[,}]/g)) names.add(`{${name}}`);
  for (const [, tag] of message.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag}>`);
  return [...names].sort();
}

describe('message catalogs', () => {
  it('reads placeholders and tags out of ICU messages', () => {
    expect(placeholders('{count, plural, one {# listener} other {# listeners}}')).toEqual(['{count}']);
    expect(placeholders('Up next from: <0>{0}</0>')).toEqual(['<0>', '{0}']);
    expect(placeholders('Live now')).toEqual([]);
  });

  it('ship every locale the app offers, and the code uses messages', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...SHIPPED_LOCALES].sort());
    expect(Object.keys(inCode).length).toBeGreaterThan(50);
  });

  it.each(SHIPPED_LOCALES)('%s has every message the code uses', (locale) => {
    const missing = Object.keys(inCode).filter((id) => !(id in (catalogs[locale] ?? {})));
    expect(missing, `run npm run i18n:extract; missing from ${locale}`).toEqual([]);
  });

  // The pseudo-locale is made from the English messages at build time: its catalog needs the ids only.
  it.each(SHIPPED_LOCALES.filter((locale) => locale !== PSEUDO_LOCALE))(
    '%s translates every message, keeping its placeholders',
    (locale) => {
      const catalog = catalogs[locale] ?? {};
      const wrong = Object.entries(inCode).flatMap(([id, source]) => {
        const translation = catalog[id]?.translation ?? '';
        if (translation.trim() === '') return [`${id}: not translated`];
        const expected = placeholders(source.message ?? id);
        const got = placeholders(translation);
        return JSON.stringify(expected) === JSON.stringify(got)
          ? []
          : [`${id}: has ${got.join(' ')}, the English has ${expected.join(' ')}`];
      });
      expect(wrong).toEqual([]);
    },
  );
});

describe('the shipped languages', () => {
  it('are the catalogs present, as core lists them (a catalog added without `npm run i18n:extract` fails)', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await formattedShippedLocales());
  });

  it('come from the folders with a catalog: English first, the pseudo-locale last, each named in itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'onair-locales-'));
    const catalog = (locale: string, name: string | null) => {
      mkdirSync(join(dir, locale));
      const header = name === null ? '' : `"X-Language-Name: ${name}\\n"\n`;
      writeFileSync(
        join(dir, locale, 'messages.po'),
        `msgid ""\nmsgstr ""\n"Language: ${locale}\\n"\n${header}`,
      );
    };
    try {
      catalog('en-XA', 'Pseudo');
      catalog('sr-Latn', 'Srpski');
      catalog('en', 'English');
      catalog('cy', 'Cymraeg');
      mkdirSync(join(dir, 'notes')); // no catalog inside: not a language
      expect(catalogLocales(dir)).toEqual([
        { locale: 'en', name: 'English' },
        { locale: 'cy', name: 'Cymraeg' },
        { locale: 'sr-Latn', name: 'Srpski' },
        { locale: 'en-XA', name: 'Pseudo' },
      ]);
      catalog('eu', null);
      expect(() => catalogLocales(dir)).toThrow('eu/messages.po: its header needs "X-Language-Name');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
