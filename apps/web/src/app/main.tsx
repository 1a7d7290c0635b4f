import '../styles/global.css';
import { keepEarlyTaps } from './early-taps.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

/**
 * The server sends the page with its screen prerendered (server-render.tsx). That screen is painted
 * before the app's code runs, since parsing and running it holds a slow phone for a second; the page
 * is already what the listener came for in the meantime. Without a prerender (the dev server, the
 * offline shell) the app starts at once.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A hidden page gets no frames: it would wait for one until the listener looks.
    if (!container?.hasChildNodes() || document.visibilityState !== 'visible') return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

const earlyTaps = keepEarlyTaps(container);
void afterFirstPaint()
  .then(() => import('./start-app.tsx'))
  .then(({ startApp }) => startApp(container))
  .then(() => {
    earlyTaps.replay();
    // What tools watch for (benchmarks, tests): the buttons now answer, the prerender is gone.
    document.documentElement.dataset['app'] = 'started';
  });
