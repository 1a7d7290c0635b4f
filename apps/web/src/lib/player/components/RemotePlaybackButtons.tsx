import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useToast } from '../../../ui/toast.tsx';
import { useRemotePlayback } from '../PlayerProvider.tsx';
import type { PlayerService } from '../player-service.ts';

/** Spec §2 control card: the Cast button, named for what a tap does; hidden where Cast cannot work (iOS). */
export function CastButton() {
  const { t } = useLingui();
  const { castOffered, cast, toggleCast } = useRemotePlayback();
  if (!castOffered) return null;
  const connected = cast.state === 'connected';
  return (
    <button
      type="button"
      className={`player-icon-button${connected ? ' player-icon-button--active' : ''}`}
      aria-label={connected ? t`Stop casting` : t`Cast`}
      aria-busy={cast.state === 'connecting'}
      data-state={cast.state}
      onClick={toggleCast}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M3 17a4 4 0 0 1 4 4M3 13a8 8 0 0 1 8 8M3 9.5V6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          fill="none"
        />
        <circle cx="3.5" cy="20.5" r="1.2" fill="currentColor" />
      </svg>
    </button>
  );
}

/** Spec §2: the AirPlay button, where the browser can AirPlay (Safari); the system picker opens on a tap. */
export function AirPlayButton() {
  const { airPlay, showAirPlayPicker } = useRemotePlayback();
  if (airPlay === 'unsupported') return null;
  return (
    <button
      type="button"
      className="player-icon-button"
      aria-label="AirPlay"
      data-available={airPlay === 'available'}
      onClick={showAirPlayPicker}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M7 17H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-2"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          fill="none"
        />
        <path d="M12 14l5 6H7z" fill="currentColor" />
      </svg>
    </button>
  );
}

/** Cast and AirPlay toasts (spec §8), on every screen: a receiver may hang up while the schedule is open. */
export function RemotePlaybackToasts({ service }: { service: PlayerService }) {
  const toast = useToast();
  useEffect(
    () => service.onCastEvent((event) => event.type === 'toast' && toast.show(event.text)),
    [service, toast],
  );
  return null;
}
