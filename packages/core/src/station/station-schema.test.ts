import { describe, expect, it } from 'vitest';
import { publicStationSchema, stationFileSchema } from './station-schema.ts';

const station = { name: 'Test FM', tagline: 'Always on', timeZone: 'Europe/Dublin', social: {} };

describe('station schemas', () => {
  it('accepts a station file without streams (the demo station) and fills the theme', () => {
    const parsed = stationFileSchema.parse(station);
    expect(parsed.streams).toBeUndefined();
    expect(parsed.theme).toEqual({ background: '#12061f', accent: '#c026d3' });
  });

  it('refuses an unknown time zone, a bad colour and an overlong name', () => {
    expect(stationFileSchema.safeParse({ ...station, timeZone: 'Europe/Atlantis' }).success).toBe(false);
    expect(
      stationFileSchema.safeParse({ ...station, theme: { background: 'red', accent: '#000000' } }).success,
    ).toBe(false);
    expect(stationFileSchema.safeParse({ ...station, name: 'x'.repeat(101) }).success).toBe(false);
  });

  it('links every music service unless the station names some (or none), and refuses an unknown one', () => {
    expect(stationFileSchema.parse(station).musicLinks).toEqual([
      'spotify',
      'apple-music',
      'youtube',
      'bandcamp',
    ]);
    expect(stationFileSchema.parse({ ...station, musicLinks: ['bandcamp'] }).musicLinks).toEqual([
      'bandcamp',
    ]);
    expect(stationFileSchema.parse({ ...station, musicLinks: [] }).musicLinks).toEqual([]);
    expect(stationFileSchema.safeParse({ ...station, musicLinks: ['napster'] }).success).toBe(false);
  });

  it('writes times on a 24-hour clock unless the station file asks for 12-hour, and refuses any other clock', () => {
    expect(stationFileSchema.parse(station).clock).toBe('24-hour');
    expect(stationFileSchema.parse({ ...station, clock: '12-hour' }).clock).toBe('12-hour');
    expect(stationFileSchema.safeParse({ ...station, clock: '12h' }).success).toBe(false);
    // A browser's cached station from before the knob existed still reads, on the default clock.
    expect(publicStationSchema.parse({ ...station, streams: { standard: '/a', high: '/b' } }).clock).toBe(
      '24-hour',
    );
  });

  it('requires stream URLs in what listeners receive', () => {
    expect(publicStationSchema.safeParse(station).success).toBe(false);
    expect(
      publicStationSchema.safeParse({ ...station, streams: { standard: '/a', high: '/b' } }).success,
    ).toBe(true);
  });
});
