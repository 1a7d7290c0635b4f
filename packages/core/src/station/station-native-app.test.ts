import { describe, expect, it } from 'vitest';
import { stationFileSchema } from './station-schema.ts';

const station = { name: 'Test FM', tagline: 'Always on', timeZone: 'Europe/Dublin', social: {} };
const withApp = (nativeApp: unknown) => stationFileSchema.safeParse({ ...station, nativeApp });

describe('station file: nativeApp (the store apps)', () => {
  it('is optional, and accepts a reverse-domain id with the https origin the apps load', () => {
    expect(stationFileSchema.parse(station).nativeApp).toBeUndefined();
    expect(withApp({ id: 'ie.example.radio', url: 'https://radio.example' }).success).toBe(true);
    expect(withApp({ id: 'ie.example.radio_2', url: 'https://radio.example/' }).success).toBe(true);
  });

  it('refuses an id the stores would refuse', () => {
    for (const id of ['radio', 'ie..radio', '1e.example.radio', 'ie.example-radio.app', 'ie.example.'])
      expect(withApp({ id, url: 'https://radio.example' }).success, id).toBe(false);
  });

  it('refuses a URL that is not an https origin (cleartext, a path, another scheme)', () => {
    for (const url of [
      'http://radio.example',
      'https://radio.example/app',
      'capacitor://localhost',
      'radio.example',
    ])
      expect(withApp({ id: 'ie.example.radio', url }).success, url).toBe(false);
  });
});
