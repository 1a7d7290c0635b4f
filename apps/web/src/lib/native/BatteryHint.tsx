import { Trans, useLingui } from '@lingui/react/macro';
import { useStored } from '../use-stored.ts';
import * as stored from '../stored.ts';
import { nativePlatform } from './native-platform.ts';
import '../../styles/battery-hint.css';

/**
 * Inside the Android app only, once the listener is listening: some vendors' battery savers stop
 * even a foreground media service after a while (dontkillmyapp.com), and only the listener can
 * exempt the app. Shown until 'Got it'.
 */
export function BatteryHint({ appName, listening }: { appName: string; listening: boolean }) {
  const [dismissed, setDismissed] = useStored(stored.batteryHintDismissed);
  const { t } = useLingui();
  if (dismissed || !listening || nativePlatform() !== 'android') return null;
  return (
    <aside className="battery-hint" aria-label={t`Keep the music playing`}>
      <p>
        <Trans>
          Music stops when the screen is off? Some phones stop apps to save battery. Set {appName}’s battery
          use to <strong>Unrestricted</strong>: Settings → Apps → {appName} → Battery.
        </Trans>{' '}
        <a href="https://dontkillmyapp.com" target="_blank" rel="noreferrer">
          <Trans>Steps for your phone</Trans>
        </a>
      </p>
      <button type="button" className="battery-hint__ok" onClick={() => setDismissed(true)}>
        <Trans>Got it</Trans>
      </button>
    </aside>
  );
}
