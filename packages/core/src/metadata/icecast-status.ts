import { repairMojibake } from './mojibake.ts';

export type StreamMetadata = { title: string; artist: string; album: string; artwork: string };
export type IcecastStatusError = 'structure' | 'no-source';
export type IcecastStatusResult =
  { ok: true; metadata: StreamMetadata } | { ok: false; error: IcecastStatusError };

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cleanText(value: unknown): string {
  return typeof value === 'string' ? repairMojibake(value).trim() : '';
}

/** Icecast sends a purely numeric title as a JSON number. */
function titleText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? repairMojibake(value) : '';
}

/**
 * Reads Icecast's /status-json.xsl body. `icestats.source` is an object when one mount is live and an
 * array when several are (the first is used). Sources usually send 'Artist - Title' in `title`; it is
 * split on the first ' - ', unless the source also sets a non-empty `artist`, which then wins and the
 * title is kept whole. Every string is repaired (see repairMojibake) and trimmed; a missing field is
 * '' and the UI applies its defaults.
 */
export function parseIcecastStatus(body: unknown): IcecastStatusResult {
  if (!isObject(body) || !isObject(body['icestats'])) return { ok: false, error: 'structure' };
  const rawSource: unknown = body['icestats']['source'];
  if (rawSource === undefined || rawSource === null) return { ok: false, error: 'no-source' };
  const source: unknown = Array.isArray(rawSource) ? rawSource[0] : rawSource;
  if (source === undefined) return { ok: false, error: 'no-source' };
  if (!isObject(source)) return { ok: false, error: 'structure' };

  const fullTitle = titleText(source['title']);
  const separateArtist = cleanText(source['artist']);
  const album = cleanText(source['album']);
  const artwork = cleanText(source['artwork']);
  if (separateArtist !== '') {
    return { ok: true, metadata: { title: fullTitle.trim(), artist: separateArtist, album, artwork } };
  }
  const separator = fullTitle.indexOf(' - ');
  if (separator === -1)
    return { ok: true, metadata: { title: fullTitle.trim(), artist: '', album, artwork } };
  return {
    ok: true,
    metadata: {
      title: fullTitle.slice(separator + 3).trim(),
      artist: fullTitle.slice(0, separator).trim(),
      album,
      artwork,
    },
  };
}
