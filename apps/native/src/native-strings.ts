/**
 * The few texts the mobile apps carry themselves (everything else comes from the station's server):
 * the offline page, and the Android audio service's description. The name under the icon is the
 * station's own (`shortName`, else `name`) in every language. iOS asks for notifications with the
 * system's own sentence, in the language of the app's localisation the phone picks, so each
 * language below also has an iOS `InfoPlist.strings` (and is listed in `CFBundleLocalizations`).
 */
export const NATIVE_LOCALES = ['en', 'ga', 'de', 'es', 'fr', 'pt-BR'] as const;
export type NativeLocale = (typeof NATIVE_LOCALES)[number];

export interface NativeTexts {
  /** The offline page: why nothing plays. */
  offline: string;
  /** The offline page's button, which reloads the station's app. */
  tryAgain: string;
  /** Android: what the background audio service does (Settings → Apps → running services). */
  audioService: string;
}

export const NATIVE_TEXTS: Readonly<Record<NativeLocale, NativeTexts>> = {
  en: {
    offline: 'You’re offline. Connect to the internet to listen.',
    tryAgain: 'Try again',
    audioService: 'Plays the radio stream in the background.',
  },
  ga: {
    offline: 'Níl tú ar líne. Ceangail leis an idirlíon chun éisteacht.',
    tryAgain: 'Bain triail eile as',
    audioService: 'Seinneann sé sruth an raidió sa chúlra.',
  },
  de: {
    offline: 'Du bist offline. Verbinde dich mit dem Internet, um zuzuhören.',
    tryAgain: 'Erneut versuchen',
    audioService: 'Spielt den Radiostream im Hintergrund ab.',
  },
  es: {
    offline: 'Estás sin conexión. Conéctate a internet para escuchar.',
    tryAgain: 'Reintentar',
    audioService: 'Reproduce la emisión de radio en segundo plano.',
  },
  fr: {
    offline: 'Vous êtes hors ligne. Connectez-vous à Internet pour écouter.',
    tryAgain: 'Réessayer',
    audioService: 'Lit le flux de la radio en arrière-plan.',
  },
  'pt-BR': {
    offline: 'Você está offline. Conecte-se à internet para ouvir.',
    tryAgain: 'Tentar novamente',
    audioService: 'Toca a transmissão da rádio em segundo plano.',
  },
};

/**
 * The locale for the phone's languages (`navigator.languages`, most wanted first): the first that is
 * shipped, exactly or by its language alone (`ga-IE` → `ga`, `pt-PT` → `pt-BR`), else English.
 * Self-contained: the offline page runs its source as is.
 */
export function pickNativeLocale(languages: readonly string[], locales: readonly string[]): string {
  for (const wanted of languages) {
    const tag = wanted.toLowerCase();
    const exact = locales.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const sameLanguage = locales.find((locale) => locale.toLowerCase().split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return 'en';
}

/** Android's resource folder for a locale: `values` (English, the default), `values-ga`, `values-pt-rBR`. */
export function androidValuesDir(locale: NativeLocale): string {
  if (locale === 'en') return 'values';
  const [language, region] = locale.split('-');
  return region ? `values-${language}-r${region}` : `values-${language}`;
}

/** iOS's localisation folder for a locale: `en.lproj`, `ga.lproj`, `pt-BR.lproj`. */
export const iosLprojDir = (locale: NativeLocale): string => `${locale}.lproj`;

const androidText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, "\\'")
    .replace(/"/g, '\\"');

/**
 * `res/values-<locale>/strings.xml` for a translation: the app's name (the station's, the same in
 * every language) and the audio service's description. English lives in `res/values/strings.xml`,
 * which also holds the ids (see station-identity.ts).
 */
export function androidLocaleStrings(locale: NativeLocale, appName: string): string {
  const texts = NATIVE_TEXTS[locale];
  return `<?xml version='1.0' encoding='utf-8'?>
<!-- Written by apps/native/scripts/prepare-native.ts from src/native-strings.ts: edit those, not this. -->
<resources>
    <string name="app_name">${androidText(appName)}</string>
    <string name="title_activity_main">${androidText(appName)}</string>
    <string name="audio_player_service_description">${androidText(texts.audioService)}</string>
</resources>
`;
}

const iosText = (text: string) => text.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/** `ios/App/App/<locale>.lproj/InfoPlist.strings`: the name under the icon. */
export function iosInfoPlistStrings(appName: string): string {
  return `/* Written by apps/native/scripts/prepare-native.ts: the station's name, the same in every language. */
"CFBundleDisplayName" = "${iosText(appName)}";
"CFBundleName" = "${iosText(appName)}";
`;
}
