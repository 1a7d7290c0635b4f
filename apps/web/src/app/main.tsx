import '../styles/global.css';
import { keepEarlyTaps } from './early-taps.ts';
import { afterFirstPaint } from './first-paint.ts';
import { keepInstallPrompt } from '../features/install/early-install-prompt.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

/*
 * The server sends the page with its screen prerendered (server-render.tsx): the app's code is
 * fetched and run only once that screen is shown; the taps made on it in the meantime, and the
 * browser's install prompt, are kept for it.
 */
const earlyTaps = keepEarlyTaps(container);
keepInstallPrompt();
void afterFirstPaint(container)
  .then(() => import('./start-app.tsx'))
  .then(({ startApp }) => startApp(container))
  .then(() => {
    earlyTaps.replay();
    // What tools watch for (benchmarks, tests): the buttons now answer, the prerender is gone.
    document.documentElement.dataset['app'] = 'started';
  });
