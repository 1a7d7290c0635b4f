import { useEffect, useState } from 'react';
import { ListeningSessionRecorder } from './session-recorder.ts';

/** How often an open session is written, so a killed tab loses at most this much listening. */
export const SESSION_CHECKPOINT_MS = 30_000;

export interface ListeningFacts {
  /** The listener wants sound (from play until pause or stop). */
  listening: boolean;
  /** Audio is really playing right now. */
  playing: boolean;
  /** The browser is online: going offline stops the stream, so it ends the session too. */
  online: boolean;
}

/**
 * Records listening sessions from the player's facts: a session starts the first time audio really
 * plays, survives buffering, and ends when the listener stops (pause, sleep timer), the browser goes
 * offline, or the tab closes.
 */
export function useListeningSessions({ listening, playing, online }: ListeningFacts): void {
  const [recorder] = useState(() => new ListeningSessionRecorder());
  const wanted = listening && online;

  useEffect(() => {
    if (!wanted) recorder.end();
    else if (playing) recorder.start();
  }, [recorder, wanted, playing]);

  useEffect(() => {
    const interval = setInterval(() => recorder.checkpoint(), SESSION_CHECKPOINT_MS);
    // pagehide is the last event a closing or discarded tab reliably gets (unload is not).
    const onPageHide = () => recorder.end();
    const onHidden = () => {
      if (document.hidden) recorder.checkpoint();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      clearInterval(interval);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onHidden);
      recorder.end();
    };
  }, [recorder]);

  // A page restored from the back/forward cache keeps playing: it starts a fresh session.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && wanted && playing) recorder.start();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [recorder, wanted, playing]);
}
