import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { publicStationSchema, type PublicStation } from '@onair/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getJson } from './api-client.ts';
import { cacheStation, readCachedStation } from './station-cache.ts';

export type StationStatus = 'loading' | 'ready' | 'error';

export interface StationContextValue {
  status: StationStatus;
  /** The validated station config (the last one received while /api/station has not answered), or null. */
  station: PublicStation | null;
  /** What the shell shows; falls back to neutral words so the app never renders blank. */
  name: string;
  tagline: string;
  error: Error | null;
  /** Fetch /api/station again (after a failure). */
  reload: () => void;
}

/** White-label: no station's words are baked into the bundle, only a neutral product name. */
export const DEFAULT_STATION_NAME = 'OnAir';
/** The tagline while the station cannot be read: the app's words, so in the app's language. */
export const DEFAULT_STATION_TAGLINE = msg`Live internet radio`;

const StationContext = createContext<StationContextValue | null>(null);

type LoadState =
  { status: 'loading' } | { status: 'ready'; station: PublicStation } | { status: 'error'; error: Error };

interface StationProviderProps {
  children: ReactNode;
  /** The station the server wrote into the page: ready from the first render, before /api/station answers. */
  initial?: PublicStation | null;
}

export function StationProvider({ children, initial = null }: StationProviderProps) {
  const [state, setState] = useState<LoadState>(
    initial ? { status: 'ready', station: initial } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  // The last good answer stands in while loading and when the station cannot be reached (offline).
  const [cached, setCached] = useState(readCachedStation);

  useEffect(() => {
    // Still read after the first paint: the page may come from the service worker's copy of the shell.
    const controller = new AbortController();
    getJson('/api/station', publicStationSchema, { signal: controller.signal }).then(
      (station) => {
        cacheStation(station);
        setCached(station);
        setState({ status: 'ready', station });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const station = state.status === 'ready' ? state.station : (cached ?? initial);

  // Station-specific look comes from the config at runtime, so one build serves any station.
  useEffect(() => {
    if (!station) return;
    document.title = station.name;
    const root = document.documentElement.style;
    root.setProperty('--station-bg', station.theme.background);
    root.setProperty('--station-accent', station.theme.accent);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', station.theme.background);
  }, [station]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo<StationContextValue>(
    () => ({
      status: state.status,
      station,
      name: station?.name ?? DEFAULT_STATION_NAME,
      // While loading, show no tagline rather than a generic one that would flicker into the real one.
      tagline: station ? station.tagline : state.status === 'error' ? i18n._(DEFAULT_STATION_TAGLINE) : '',
      error: state.status === 'error' ? state.error : null,
      reload,
    }),
    [state, station, reload],
  );

  return <StationContext.Provider value={value}>{children}</StationContext.Provider>;
}

export function useStation(): StationContextValue {
  const value = useContext(StationContext);
  if (!value) throw new Error('useStation() must be used inside <StationProvider>');
  return value;
}
