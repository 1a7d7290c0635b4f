import { useEffect } from 'react';
import { usePlayerService } from '../../lib/player/index.ts';
import { startServiceWorker } from './service-worker.ts';

/**
 * Keeps the installed app current. Only built apps have a /sw.js (the dev server has none). A new
 * version loads when the listener is not listening, so a deploy never stops the music.
 */
export function ServiceWorkerUpdater() {
  const player = usePlayerService();
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    return startServiceWorker({
      listening: { now: () => player.snapshot.listening, subscribe: player.subscribe },
    });
  }, [player]);
  return null;
}
