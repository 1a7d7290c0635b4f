import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_STREAM_PATHS, loadConfig } from './config.ts';

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
    expect(config.station.streams).toEqual({ standard: DEMO_STREAM_PATHS.standard, high: DEMO_STREAM_PATHS.high });
    expect(config.statusUrl).toBe(DEMO_STREAM_PATHS.status);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('takes streams and the status feed from env over the station file', () => {
    const config = loadConfig({
      STATION_CONFIG: stationFile({ ...minimalStation, streams: { standard: 'https://a/live', high: 'https://a/hq' }, statusUrl: 'https://a/s' }),
      STREAM_STANDARD_URL: 'http://127.0.0.1:8000/live',
      STREAM_HIGH_URL: 'http://127.0.0.1:8000/hq',
      STATUS_URL: 'http://127.0.0.1:8000/status-json.xsl',
      PORT: '9000',
    });
    expect(config.demoStation).toBe(false);
    expect(config.port).toBe(9000);
    expect(config.station.streams).toEqual({ standard: 'http://127.0.0.1:8000/live', high: 'http://127.0.0.1:8000/hq' });
    expect(config.statusUrl).toBe('http://127.0.0.1:8000/status-json.xsl');
    expect(config.station).not.toHaveProperty('statusUrl');
  });

  it('uses the standard stream for high quality when only one is given', () => {
    const config = loadConfig({ STREAM_STANDARD_URL: 'http://x/live', STATUS_URL: 'http://x/status' });
    expect(config.station.streams.high).toBe('http://x/live');
  });

  it.each([
    [{ ...minimalStation, timeZone: 'Mars/Olympus' }, /timeZone: is not a known IANA time zone/],
    [{ ...minimalStation, name: '' }, /name:/],
    [{ ...minimalStation, social: { facebook: 42 } }, /social\.facebook:/],
    ['{ not json', /Cannot read the station config/],
  ])('stops with a message naming the bad field (%#)', (content, message) => {
    expect(() => loadConfig({ STATION_CONFIG: stationFile(content) })).toThrow(ConfigError);
    expect(() => loadConfig({ STATION_CONFIG: stationFile(content) })).toThrow(message);
  });

  it('names bad environment values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
  });

  it('requires a status feed once a stream is configured', () => {
    expect(() => loadConfig({ STREAM_STANDARD_URL: 'http://x/live' })).toThrow(/statusUrl/);
  });
});
