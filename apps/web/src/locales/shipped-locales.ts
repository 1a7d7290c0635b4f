import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

/*
 * The languages OnAir ships are the catalogs present here (README "Languages"): `npm run i18n:extract`
 * runs this first and writes their list, with each language's name in itself (its catalog's
 * `X-Language-Name` header), to core's shipped-locales.ts, which the server, the app, the Language
 * select and lingui.config.ts all read. Adding a language is adding a catalog: no code changes.
 */

const LOCALES_DIR = fileURLToPath(new URL('.', import.meta.url));
export const GENERATED_FILE = fileURLToPath(
  new URL('../../../../packages/core/src/i18n/shipped-locales.ts', import.meta.url),
);
/** The source language leads; the pseudo-locale (made from it at build time) closes the list. */
const SOURCE_LOCALE = 'en';
const PSEUDO_LOCALE = 'en-XA';
const TAG = /^[a-z]{2,3}(?:-[A-Z]{2}|-[A-Za-z]{4}|-\d{3})?$/;
const NAME_HEADER = /^"X-Language-Name: (.+)\\n"$/m;

export interface CatalogLocale {
  locale: string;
  /** The language's name in itself ("Gaeilge"). */
  name: string;
}

/** Every catalog under `dir` (`<locale>/messages.po`), source first, pseudo last, the rest by tag. */
export function catalogLocales(dir = LOCALES_DIR): CatalogLocale[] {
  const found = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`${dir}/${entry.name}/messages.po`))
    .map(({ name: locale }) => {
      if (!TAG.test(locale)) {
        throw new Error(`${locale}: a catalog's folder must be a language tag such as ga, pt-BR or sr-Latn`);
      }
      const header = NAME_HEADER.exec(readFileSync(`${dir}/${locale}/messages.po`, 'utf8'))?.[1]?.trim();
      if (!header) {
        throw new Error(
          `${locale}/messages.po: its header needs "X-Language-Name: <the language's name in itself>\\n"`,
        );
      }
      return { locale, name: header };
    });
  const rank = ({ locale }: CatalogLocale) =>
    locale === SOURCE_LOCALE ? 0 : locale === PSEUDO_LOCALE ? 2 : 1;
  return found.sort((a, b) => rank(a) - rank(b) || a.locale.localeCompare(b.locale));
}

/** core's shipped-locales.ts for these catalogs. */
export function shippedLocalesSource(locales: readonly CatalogLocale[]): string {
  const list = locales.map(({ locale }) => `  ${JSON.stringify(locale)},`).join('\n');
  const names = locales.map(({ locale, name }) => `  ${JSON.stringify(locale)}: ${JSON.stringify(name)},`);
  return `// Written by \`npm run i18n:extract\` from the catalogs in apps/web/src/locales (shipped-locales.ts
// there): do not edit. A language is added by adding its catalog (README "Languages").

/** The languages OnAir ships: one catalog each, apps/web/src/locales/<locale>/messages.po. */
export const SHIPPED_LOCALES = [
${list}
] as const;

/** The name of each language in itself, for the language choice (its catalog's X-Language-Name). */
export const LOCALE_NAMES: Readonly<Record<(typeof SHIPPED_LOCALES)[number], string>> = {
${names.join('\n')}
};
`;
}

/** The generated file as the repository keeps it (formatted, so `prettier --check` stays green). */
export async function formattedShippedLocales(dir = LOCALES_DIR): Promise<string> {
  const options = await resolveConfig(GENERATED_FILE);
  return format(shippedLocalesSource(catalogLocales(dir)), { ...options, filepath: GENERATED_FILE });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(GENERATED_FILE, await formattedShippedLocales());
}
