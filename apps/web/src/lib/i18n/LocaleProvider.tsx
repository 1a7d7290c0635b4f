import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@onair/core';
import { useStation } from '../station-context.tsx';
import {
  activateLocale,
  applyDocumentLocale,
  chooseLocale,
  storeLocaleChoice,
  storedLocaleChoice,
} from './locale.ts';

interface LocaleState {
  /** The language shown. */
  locale: Locale;
  /** The listener's own choice, '' when the browser's languages (then the station's) decide. */
  choice: Locale | '';
  /** Switches the app's language (loading its catalog) and keeps the choice; '' goes back to automatic. */
  choose: (choice: Locale | '') => Promise<void>;
}

const LocaleContext = createContext<LocaleState | null>(null);

/** Lingui's provider for every message, and the listener's language choice (README "Languages"). */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const stationLocale = useStation().station?.locale ?? DEFAULT_LOCALE;
  const [locale, setLocale] = useState<Locale>(() => (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE));
  const [choice, setChoice] = useState<Locale | ''>(() => {
    if (typeof window === 'undefined') return '';
    const stored = storedLocaleChoice();
    return isLocale(stored) ? stored : '';
  });
  const choose = useCallback(
    async (next: Locale | '') => {
      const target = chooseLocale(next, navigator.languages, stationLocale);
      await activateLocale(target);
      storeLocaleChoice(next);
      applyDocumentLocale(target);
      setChoice(next);
      setLocale(target);
    },
    [stationLocale],
  );
  // A page drawn in another language than this listener's (the service worker's offline shell kept
  // from before a choice, a prerender for other browser languages) switches once it is on screen.
  useEffect(() => {
    const wanted = chooseLocale(storedLocaleChoice(), navigator.languages, stationLocale);
    if (wanted !== i18n.locale) {
      void activateLocale(wanted).then(() => {
        applyDocumentLocale(wanted);
        setLocale(wanted);
      });
    }
  }, [stationLocale]);
  const state = useMemo(() => ({ locale, choice, choose }), [locale, choice, choose]);
  return (
    <LocaleContext.Provider value={state}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale needs a LocaleProvider');
  return state;
}
