import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { isLocale, LOCALE_NAMES, PSEUDO_LOCALE, SHIPPED_LOCALES } from '@onair/core';
import { useLocale } from '../../lib/i18n/LocaleProvider.tsx';

/**
 * The listener's language (README "Languages"), at the foot of Home: automatic (the browser's
 * languages, then the station's) or one OnAir ships, each named in itself. The choice is kept in
 * `playfm_locale` and overrides the browser's languages from then on.
 */
export function LanguageChoice() {
  const { locale, choice, choose } = useLocale();
  const id = useId();
  // The pseudo-locale is for tests: listed only while it is the one shown.
  const offered = SHIPPED_LOCALES.filter((shipped) => shipped !== PSEUDO_LOCALE || shipped === locale);
  return (
    <div className="language-choice">
      <label htmlFor={id} className="language-choice__label">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        className="language-choice__select"
        value={choice}
        onChange={(event) => {
          const next = event.target.value;
          void choose(isLocale(next) ? next : '');
        }}
      >
        <option value="">
          <Trans>Automatic</Trans>
        </option>
        {offered.map((shipped) => (
          <option key={shipped} value={shipped} lang={shipped}>
            {LOCALE_NAMES[shipped]}
          </option>
        ))}
      </select>
    </div>
  );
}
