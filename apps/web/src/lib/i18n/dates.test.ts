import { parseSlotTime } from '@onair/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as de } from '../../locales/de/messages.po';
import { messages as en } from '../../locales/en/messages.po';
import { messages as es } from '../../locales/es/messages.po';
import { messages as fr } from '../../locales/fr/messages.po';
import { messages as ga } from '../../locales/ga/messages.po';
import { messages as ptBR } from '../../locales/pt-BR/messages.po';
import { localCalendarDay, localComingMoment, localDayLabel, localSlotTime } from './dates.ts';
import { activateLoadedLocale } from './locale.ts';

const DUBLIN = { timeZone: 'Europe/Dublin', clock: '24-hour' } as const;
// Monday 2 March 2026, 19:00 in Dublin.
const NOW = new Date(Date.UTC(2026, 2, 2, 19, 0));
const hoursLater = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

describe('days, coming moments and slot times in the app’s language', () => {
  afterEach(() => activateLoadedLocale('en', en));

  it('keeps the core’s English words in English', () => {
    expect(localDayLabel(hoursLater(-24), NOW, DUBLIN.timeZone)).toBe('Yesterday');
    expect(localDayLabel(hoursLater(-48), NOW, DUBLIN.timeZone)).toBe('Saturday, 28 February');
    expect(localComingMoment(hoursLater(24), NOW, DUBLIN)).toBe('tomorrow at 19:00');
    expect(localComingMoment(hoursLater(7 * 24), NOW, DUBLIN)).toBe('Monday, 9 March at 19:00');
  });

  it('says them in Irish and in German, day and month names included', () => {
    activateLoadedLocale('ga', ga);
    expect(localDayLabel(hoursLater(-24), NOW, DUBLIN.timeZone)).toBe('Inné');
    expect(localComingMoment(hoursLater(24), NOW, DUBLIN)).toBe('amárach ag 19:00');
    expect(localComingMoment(hoursLater(7 * 24), NOW, DUBLIN)).toBe('Dé Luain, 9 Márta ag 19:00');
    activateLoadedLocale('de', de);
    expect(localDayLabel(hoursLater(-48), NOW, DUBLIN.timeZone)).toBe('Samstag, 28. Februar');
    expect(localComingMoment(hoursLater(7 * 24), NOW, DUBLIN)).toBe('Montag, 9. März um 19:00');
  });

  it.each([
    ['en', en, 'Monday, 2 March', '18:00 – 19:00 (Bi-weekly)'],
    ['ga', ga, 'Dé Luain, 2 Márta', '18:00 – 19:00 (Coicísiúil)'],
    ['de', de, 'Montag, 2. März', '18:00 – 19:00 (Zweiwöchentlich)'],
    ['es', es, 'lunes, 2 de marzo', '18:00 – 19:00 (Quincenal)'],
    ['fr', fr, 'lundi 2 mars', '18:00 – 19:00 (Une semaine sur deux)'],
    ['pt-BR', ptBR, 'segunda-feira, 2 de março', '18:00 – 19:00 (Quinzenal)'],
  ] as const)(
    '%s: the day, and a bi-weekly slot whose marker the schedule reads back',
    (locale, messages, day, slot) => {
      activateLoadedLocale(locale, messages);
      expect(localCalendarDay(NOW, 'Europe/Dublin')).toBe(day);
      const shown = localSlotTime('6pm - 7pm (Bi-weekly)', '24-hour');
      expect(shown).toBe(slot);
      // What the app writes, typed back into the slot editor, is read as the same every-other-week slot.
      expect(parseSlotTime(shown)).toMatchObject({
        startMinutes: 18 * 60,
        endMinutes: 19 * 60,
        biWeekly: true,
      });
    },
  );

  it('leaves a time it cannot read as typed (spec §5)', () => {
    expect(localSlotTime('whenever', '12-hour')).toBe('whenever');
  });
});
