import { parseIcecastStatus } from '@onair/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IcecastFixture } from './fixtures/icecast.ts';

/**
 * The core's feed parser against what a real Icecast 2.4 says: `source` absent with no mount,
 * an object with one and an array with two, and titles double-encoded by the admin endpoint.
 */
describe('parseIcecastStatus on a real Icecast', () => {
  let icecast: IcecastFixture;
  beforeAll(async () => {
    icecast = await IcecastFixture.start();
  });
  afterAll(async () => icecast?.stop());

  it('reports no source while nothing is mounted', async () => {
    const body = await icecast.status();
    expect(body).toHaveProperty('icestats');
    expect(body).not.toHaveProperty('icestats.source');
    expect(parseIcecastStatus(body)).toEqual({ ok: false, error: 'no-source' });
  });

  it('reads the one mount (an object) and repairs a title with fadas', async () => {
    await icecast.startSource('/live', 192);
    await icecast.setTitle('/live', 'Aoife Ní Mhurchú - Éire Abú');
    const body = (await icecast.status()) as { icestats: { source: { title: string } } };
    expect(Array.isArray(body.icestats.source)).toBe(false);
    // What Icecast really sends: the UTF-8 bytes read as Latin-1.
    expect(body.icestats.source.title).not.toContain('Éire');
    expect(parseIcecastStatus(body)).toEqual({
      ok: true,
      metadata: { artist: 'Aoife Ní Mhurchú', title: 'Éire Abú', album: '', artwork: '' },
    });
  });

  it('reads the first of two mounts (an array)', async () => {
    await icecast.startSource('/live-hq', 320);
    const expected: Record<string, { artist: string; title: string }> = {
      '/live': { artist: 'Seán Ó Briain', title: 'Atlantic Drift' },
      '/live-hq': { artist: 'DJ Tadhg', title: 'Salthill Sunrise' },
    };
    for (const [mount, track] of Object.entries(expected))
      await icecast.setTitle(mount, `${track.artist} - ${track.title}`);
    const body = (await icecast.status()) as { icestats: { source: Array<{ listenurl: string }> } };
    expect(Array.isArray(body.icestats.source)).toBe(true);
    expect(body.icestats.source).toHaveLength(2);
    const firstMount = new URL(body.icestats.source[0]?.listenurl ?? '').pathname;
    expect(parseIcecastStatus(body)).toEqual({
      ok: true,
      metadata: { ...expected[firstMount], album: '', artwork: '' },
    });
  });
});
