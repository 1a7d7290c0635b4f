import { describe, it, expect } from 'vitest';
import { parseIcecastStatus } from './icecast-status.ts';

const status = (source: unknown) => ({ icestats: { admin: 'icemaster@localhost', source } });
const metadata = (body: unknown) => {
  const result = parseIcecastStatus(body);
  if (!result.ok) throw new Error(`expected ok, got ${result.error}`);
  return result.metadata;
};

describe('parseIcecastStatus', () => {
  it.each([
    ['null', null],
    ['a string', 'icestats'],
    ['an array', [{ icestats: {} }]],
    ['no icestats', { status: 'ok' }],
    ['icestats not an object', { icestats: 'down' }],
    ['icestats an array', { icestats: [] }],
  ])('rejects %s as structure', (_label, body) => {
    expect(parseIcecastStatus(body)).toEqual({ ok: false, error: 'structure' });
  });

  it('reports a missing or empty source as no-source', () => {
    expect(parseIcecastStatus({ icestats: {} })).toEqual({ ok: false, error: 'no-source' });
    expect(parseIcecastStatus(status(null))).toEqual({ ok: false, error: 'no-source' });
    expect(parseIcecastStatus(status([]))).toEqual({ ok: false, error: 'no-source' });
  });

  it('rejects a source that is not an object', () => {
    expect(parseIcecastStatus(status('live'))).toEqual({ ok: false, error: 'structure' });
    expect(parseIcecastStatus(status(['live']))).toEqual({ ok: false, error: 'structure' });
  });

  it("splits 'Artist - Title' on the first ' - '", () => {
    expect(metadata(status({ title: 'Bicep - Glue' }))).toEqual({
      title: 'Glue',
      artist: 'Bicep',
      album: '',
      artwork: '',
    });
    expect(metadata(status({ title: 'Artist - Title - Extended Mix' }))).toMatchObject({
      artist: 'Artist',
      title: 'Title - Extended Mix',
    });
    expect(metadata(status({ title: 'Jay-Z - 99 Problems' }))).toMatchObject({
      artist: 'Jay-Z',
      title: '99 Problems',
    });
  });

  it('keeps a title without separator whole, with an empty artist', () => {
    expect(metadata(status({ title: '  Station ID  ' }))).toEqual({
      title: 'Station ID',
      artist: '',
      album: '',
      artwork: '',
    });
    expect(metadata(status({}))).toEqual({ title: '', artist: '', album: '', artwork: '' });
  });

  it('accepts a numeric title', () => {
    expect(metadata(status({ title: 1999 }))).toMatchObject({ title: '1999', artist: '' });
  });

  it('lets a separate non-empty artist field win and keeps the title whole', () => {
    expect(metadata(status({ title: 'Glue - Radio Edit', artist: 'Bicep' }))).toMatchObject({
      title: 'Glue - Radio Edit',
      artist: 'Bicep',
    });
    expect(metadata(status({ title: 'Bicep - Glue', artist: '  ' }))).toMatchObject({
      title: 'Glue',
      artist: 'Bicep',
    });
  });

  it('reads album and artwork only when they are strings', () => {
    expect(metadata(status({ title: 'A - B', album: ' Isles ', artwork: 'https://x/a.jpg' }))).toMatchObject({
      album: 'Isles',
      artwork: 'https://x/a.jpg',
    });
    expect(metadata(status({ title: 'A - B', album: 5, artwork: { url: 'x' } }))).toMatchObject({
      album: '',
      artwork: '',
    });
  });

  it('uses the first source of an array', () => {
    expect(metadata(status([{ title: 'First - One' }, { title: 'Second - Two' }]))).toMatchObject({
      artist: 'First',
      title: 'One',
    });
  });

  it('repairs Icecast double encoding in every field and leaves correct text alone', () => {
    expect(metadata(status({ title: 'Ã\u0089ire - SeÃ¡n', album: 'BeyoncÃ©', artwork: '' }))).toEqual({
      title: 'Seán',
      artist: 'Éire',
      album: 'Beyoncé',
      artwork: '',
    });
    expect(metadata(status({ title: 'Éire - Seán', artist: '' }))).toMatchObject({
      title: 'Seán',
      artist: 'Éire',
    });
    expect(metadata(status({ title: 'Song', artist: 'RÃ³isÃ\u00adn' }))).toMatchObject({ artist: 'Róisín' });
  });
});
