import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_STREAM_PATHS, fastifyTrustProxy, loadConfig } from './config.ts';

function stationFile(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'onair-config-')), 'station.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const minimalStation = { name: 'Test FM', tagline: 'Always on', timeZone: 'Europe/Dublin', social: {} };

describe('loadConfig', () => {
  it('defaults to port 8080, the repo station file and the demo station', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.demoStation).toBe(true);
    expect(config.station.tagline).toBe('24/7 From Ireland With Love');
    expect(config.station.streams).toEqual({
      standard: DEMO_STREAM_PATHS.standard,
      high: DEMO_STREAM_PATHS.high,
    });
    expect(config.statusUrl).toBe(DEMO_STREAM_PATHS.status);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('takes streams and the status feed from env over the station file', () => {
    const config = loadConfig({
      STATION_CONFIG: stationFile({
        ...minimalStation,
        streams: { standard: 'https://a/live', high: 'https://a/hq' },
        statusUrl: 'https://a/s',
      }),
      STREAM_STANDARD_URL: 'http://127.0.0.1:8000/live',
      STREAM_HIGH_URL: 'http://127.0.0.1:8000/hq',
      STATUS_URL: 'http://127.0.0.1:8000/status-json.xsl',
      PORT: '9000',
    });
    expect(config.demoStation).toBe(false);
    expect(config.port).toBe(9000);
    expect(config.station.streams).toEqual({
      standard: 'http://127.0.0.1:8000/live',
      high: 'http://127.0.0.1:8000/hq',
    });
    expect(config.statusUrl).toBe('http://127.0.0.1:8000/status-json.xsl');
    expect(config.station).not.toHaveProperty('statusUrl');
  });

  it('writes times on the clock the station file names, 24-hour by default', () => {
    expect(loadConfig({ STATION_CONFIG: stationFile(minimalStation) }).station.clock).toBe('24-hour');
    expect(
      loadConfig({ STATION_CONFIG: stationFile({ ...minimalStation, clock: '12-hour' }) }).station.clock,
    ).toBe('12-hour');
  });

  it('uses the standard stream for high quality when only one is given', () => {
    const config = loadConfig({ STREAM_STANDARD_URL: 'http://x/live', STATUS_URL: 'http://x/status' });
    expect(config.station.streams.high).toBe('http://x/live');
  });

  it.each([
    [{ ...minimalStation, timeZone: 'Mars/Olympus' }, /timeZone: is not a known IANA time zone/],
    [{ ...minimalStation, name: '' }, /name:/],
    [{ ...minimalStation, social: { facebook: 42 } }, /social\.facebook:/],
    [{ ...minimalStation, clock: '12h' }, /clock:/],
    ['{ not json', /Cannot read the station config/],
  ])('stops with a message naming the bad field (%#)', (content, message) => {
    expect(() => loadConfig({ STATION_CONFIG: stationFile(content) })).toThrow(ConfigError);
    expect(() => loadConfig({ STATION_CONFIG: stationFile(content) })).toThrow(message);
  });

  it('names bad environment values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
  });

  it('moves the clock only when a test sets TEST_CLOCK_OFFSET_MS, within ten years', () => {
    expect(loadConfig({}).clockOffsetMs).toBe(0);
    expect(loadConfig({ TEST_CLOCK_OFFSET_MS: '-86400000' }).clockOffsetMs).toBe(-86_400_000);
    expect(() => loadConfig({ TEST_CLOCK_OFFSET_MS: 'soon' })).toThrow(/TEST_CLOCK_OFFSET_MS/);
    expect(() => loadConfig({ TEST_CLOCK_OFFSET_MS: '1.5' })).toThrow(/TEST_CLOCK_OFFSET_MS/);
    expect(() => loadConfig({ TEST_CLOCK_OFFSET_MS: String(11 * 365 * 86_400_000) })).toThrow(
      /TEST_CLOCK_OFFSET_MS/,
    );
  });

  it('trusts no proxy unless TRUST_PROXY names one, by hop count or by address', () => {
    expect(loadConfig({}).trustProxy).toEqual({ addresses: [] });
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toEqual({ addresses: [] });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(
      loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback,uniquelocal' }).trustProxy,
    ).toEqual({
      addresses: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback', 'uniquelocal'],
    });
    expect(fastifyTrustProxy({ addresses: [] })).toBe(false);
    expect(fastifyTrustProxy({ hops: 0 })).toBe(false);
    const twoHops = fastifyTrustProxy({ hops: 2 });
    expect(typeof twoHops === 'function' && [twoHops('198.51.100.7', 1), twoHops('198.51.100.7', 2)]).toEqual(
      [true, false],
    );
  });

  it.each([
    'yes',
    'true',
    '-1',
    '1.5',
    '10.0.0.0/33',
    '::1/129',
    'localhost',
    '127.0.0.1,',
    '10.0.0.1/8/8',
    '300.0.0.1',
  ])('stops on a TRUST_PROXY of %j, naming it', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be a hop count/);
  });

  it('sends includeSubDomains only when HSTS_INCLUDE_SUBDOMAINS is true', () => {
    expect(loadConfig({}).hstsIncludeSubdomains).toBe(false);
    expect(loadConfig({ HSTS_INCLUDE_SUBDOMAINS: 'true' }).hstsIncludeSubdomains).toBe(true);
    expect(loadConfig({ HSTS_INCLUDE_SUBDOMAINS: 'false' }).hstsIncludeSubdomains).toBe(false);
    expect(() => loadConfig({ HSTS_INCLUDE_SUBDOMAINS: 'yes' })).toThrow(/HSTS_INCLUDE_SUBDOMAINS/);
  });

  it('requires a status feed once a stream is configured', () => {
    expect(() => loadConfig({ STREAM_STANDARD_URL: 'http://x/live' })).toThrow(/statusUrl/);
  });
});
