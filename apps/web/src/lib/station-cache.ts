import { publicStationSchema, type PublicStation } from '@onair/core';
import { defineStored, readStored, writeStored } from './storage.ts';

/**
 * The last /api/station answer, so an app opened offline (from the service worker's shell) still
 * shows the station's name, tagline and colours instead of neutral defaults.
 */
const storedStation = defineStored<PublicStation | null>({
  key: 'playfm_station',
  schema: publicStationSchema.nullable(),
  fallback: null,
});

export function readCachedStation(): PublicStation | null {
  return readStored(storedStation);
}

export function cacheStation(station: PublicStation): void {
  writeStored(storedStation, station);
}
