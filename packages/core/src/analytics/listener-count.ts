/**
 * How many people listen right now, from Icecast's status-json.xsl body: the `listeners` of every
 * source whose `listenurl` path is one of the station's mounts, summed (a listener on the standard
 * and one on the high-quality mount are two). When no source matches by path — the public stream URL
 * is often a reverse-proxy path that differs from Icecast's own mount name — every source counts.
 * Null when the body holds no listener figure at all.
 */
export function icecastListenerCount(body: unknown, mountPaths: readonly string[]): number | null {
  const sources = icecastMountListeners(body);
  if (sources.length === 0) return null;
  const wanted = new Set(mountPaths);
  const mine = sources.filter((source) => source.path !== null && wanted.has(source.path));
  return (mine.length > 0 ? mine : sources).reduce((total, source) => total + source.listeners, 0);
}

/** Each source's mount path (null when its `listenurl` has none) and listener figure, from status-json.xsl. */
export function icecastMountListeners(body: unknown): { path: string | null; listeners: number }[] {
  const icestats = isObject(body) ? body['icestats'] : undefined;
  const raw = isObject(icestats) ? icestats['source'] : undefined;
  return (Array.isArray(raw) ? raw : [raw]).filter(isObject).flatMap((source) => {
    const listeners = source['listeners'];
    if (typeof listeners !== 'number' || !Number.isInteger(listeners) || listeners < 0) return [];
    return [{ path: pathOf(source['listenurl']), listeners }];
  });
}

/** The path of a stream URL (absolute or a bare path), or null when it has none. */
export function pathOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    return new URL(url, 'http://mount.invalid').pathname;
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
