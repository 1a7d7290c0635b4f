import '../styles/global.css';
import { keepEarlyTaps } from './early-taps.ts';
import { afterFirstPaint } from './first-paint.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

/*
 * The server sends the page with its screen prerendered (server-render.tsx): the app's code is
 * fetched and run only once that screen is shown, and the taps made on it in the meantime are kept.
 */
const earlyTaps = keepEarlyTaps(container);
void afterFirstPaint(container)
  .then(() => import('./start-app.tsx'))
  .then(({ startApp }) => startApp(container))
  .then(() => {
    earlyTaps.replay();
    // What tools watch for (benchmarks, tests): the buttons now answer, the prerender is gone.
    document.documentElement.dataset['app'] = 'started';
  });
