import { useEffect } from 'react';
import { startServiceWorker } from './service-worker.ts';

/** Keeps the installed app current. Only built apps have a /sw.js (the dev server has none). */
export function ServiceWorkerUpdater() {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    return startServiceWorker();
  }, []);
  return null;
}
