import { textsFor, type Locale } from '../i18n/locales.ts';
import type { Weekday } from '../schedule/types.ts';

/**
 * The words of a push (show reminder, new-show alert, new-episode alert) in one language. Pushes are
 * written on the server, which has no Lingui catalogs (they are compiled into the web build only), and
 * by the app itself where no push reaches (native reminders, alerts in the open page): one small typed
 * table serves both, like the native apps' own texts (apps/native/src/native-strings.ts).
 */
export interface PushTexts {
  /** What a show with no name is called. */
  untitledShow: string;
  /** A reminder's title: the show starts in `minutes` (1 or more) minutes. */
  startsIn: (show: string, minutes: number) => string;
  /** A new-show alert's title. */
  newShow: (show: string) => string;
  /** A new-episode alert's title. */
  newEpisode: (show: string) => string;
  /** A new-episode alert's line after the artist. */
  listenAgainNow: string;
  /** The day a new show is on. */
  weekdays: Readonly<Record<Weekday, string>>;
  /** The every-other-week marker after a slot's times (one core's slot parser reads: slot-time.ts). */
  biWeekly: string;
  /** The admin's push when an integration paused itself. */
  integrationPaused: (name: string) => string;
}

const ENGLISH: PushTexts = {
  untitledShow: 'Show',
  startsIn: (show, minutes) => `${show} starts in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  newShow: (show) => `New show: ${show}`,
  newEpisode: (show) => `New episode: ${show}`,
  listenAgainNow: 'Listen again now',
  weekdays: {
    Monday: 'Monday',
    Tuesday: 'Tuesday',
    Wednesday: 'Wednesday',
    Thursday: 'Thursday',
    Friday: 'Friday',
    Saturday: 'Saturday',
    Sunday: 'Sunday',
  },
  biWeekly: '(Bi-weekly)',
  integrationPaused: (name) => `Integration paused: ${name}`,
};

/**
 * Each language's push words. A language with no table here (a catalog added without code, the
 * pseudo-locale) gets the station's language, else English (pushTexts).
 */
export const PUSH_TEXTS: Readonly<Partial<Record<Locale, PushTexts>>> = {
  en: ENGLISH,
  ga: {
    untitledShow: 'Clár',
    // "nóiméad" keeps its form after every number (and takes no mutation).
    startsIn: (show, minutes) => `Tosóidh ${show} i gceann ${minutes} nóiméad`,
    newShow: (show) => `Clár nua: ${show}`,
    newEpisode: (show) => `Eagrán nua: ${show}`,
    listenAgainNow: 'Éist arís anois',
    weekdays: {
      Monday: 'Dé Luain',
      Tuesday: 'Dé Máirt',
      Wednesday: 'Dé Céadaoin',
      Thursday: 'Déardaoin',
      Friday: 'Dé hAoine',
      Saturday: 'Dé Sathairn',
      Sunday: 'Dé Domhnaigh',
    },
    biWeekly: '(Coicísiúil)',
    integrationPaused: (name) => `Comhtháthú ar sos: ${name}`,
  },
  de: {
    untitledShow: 'Sendung',
    startsIn: (show, minutes) => `${show} beginnt in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'}`,
    newShow: (show) => `Neue Sendung: ${show}`,
    newEpisode: (show) => `Neue Folge: ${show}`,
    listenAgainNow: 'Jetzt nachhören',
    weekdays: {
      Monday: 'Montag',
      Tuesday: 'Dienstag',
      Wednesday: 'Mittwoch',
      Thursday: 'Donnerstag',
      Friday: 'Freitag',
      Saturday: 'Samstag',
      Sunday: 'Sonntag',
    },
    biWeekly: '(Zweiwöchentlich)',
    integrationPaused: (name) => `Integration pausiert: ${name}`,
  },
  es: {
    untitledShow: 'Programa',
    startsIn: (show, minutes) => `${show} empieza en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`,
    newShow: (show) => `Nuevo programa: ${show}`,
    newEpisode: (show) => `Nuevo episodio: ${show}`,
    listenAgainNow: 'Vuelve a escucharlo ahora',
    weekdays: {
      Monday: 'lunes',
      Tuesday: 'martes',
      Wednesday: 'miércoles',
      Thursday: 'jueves',
      Friday: 'viernes',
      Saturday: 'sábado',
      Sunday: 'domingo',
    },
    biWeekly: '(Quincenal)',
    integrationPaused: (name) => `Integración en pausa: ${name}`,
  },
  fr: {
    untitledShow: 'Émission',
    startsIn: (show, minutes) => `${show} commence dans ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
    // French sets a no-break space before the colon.
    newShow: (show) => `Nouvelle émission\u00a0: ${show}`,
    newEpisode: (show) => `Nouvel épisode\u00a0: ${show}`,
    listenAgainNow: 'Réécoutez-le maintenant',
    weekdays: {
      Monday: 'lundi',
      Tuesday: 'mardi',
      Wednesday: 'mercredi',
      Thursday: 'jeudi',
      Friday: 'vendredi',
      Saturday: 'samedi',
      Sunday: 'dimanche',
    },
    biWeekly: '(Une semaine sur deux)',
    integrationPaused: (name) => `Intégration en pause\u00a0: ${name}`,
  },
  'pt-BR': {
    untitledShow: 'Programa',
    startsIn: (show, minutes) => `${show} começa em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`,
    newShow: (show) => `Novo programa: ${show}`,
    newEpisode: (show) => `Novo episódio: ${show}`,
    listenAgainNow: 'Ouça de novo agora',
    weekdays: {
      Monday: 'segunda-feira',
      Tuesday: 'terça-feira',
      Wednesday: 'quarta-feira',
      Thursday: 'quinta-feira',
      Friday: 'sexta-feira',
      Saturday: 'sábado',
      Sunday: 'domingo',
    },
    biWeekly: '(Quinzenal)',
    integrationPaused: (name) => `Integração pausada: ${name}`,
  },
};

/**
 * The push words for the first of `locales` that has them (the subscriber's language, then the
 * station's), else English.
 */
export function pushTexts(...locales: readonly (string | null | undefined)[]): PushTexts {
  return textsFor(PUSH_TEXTS, ENGLISH, locales);
}
