import type { PublicStation } from '@onair/core';
import { readStored, writeStored } from './storage.ts';
import * as stored from './stored.ts';

export function readCachedStation(): PublicStation | null {
  return readStored(stored.station);
}

export function cacheStation(station: PublicStation): void {
  writeStored(stored.station, station);
}
