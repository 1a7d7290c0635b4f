import { readStored, removeStored, writeStored } from '../storage.ts';
import * as stored from '../stored.ts';
import { browserCastWindow, browserClock } from './browser-cast-window.ts';
import { CastService } from './cast-service.ts';

/** The app's CastService on the real page, the real clock and playfm_cast_session: its own chunk, loaded on demand. */
export function createCastService(): CastService {
  return new CastService(browserCastWindow(), browserClock, {
    read: () => readStored(stored.castSession),
    write: (session) =>
      session ? void writeStored(stored.castSession, session) : removeStored(stored.castSession),
  });
}
