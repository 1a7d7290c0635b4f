import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AUDIO_QUALITIES, AUDIO_QUALITY_BITRATES_KBPS, type AudioQuality } from '@onair/core';
import { useId } from 'react';
import { usePlayer } from '../PlayerProvider.tsx';

const LABELS: Readonly<Record<AudioQuality, MessageDescriptor>> = {
  standard: msg`Standard`,
  high: msg`High`,
};

/** Standard (192 kbps) or High (320 kbps); a change reloads the stream and is remembered. */
export function QualityChoice() {
  const { i18n, t } = useLingui();
  const { quality, setQuality } = usePlayer();
  const name = useId();
  const bitrate = (kbps: number) => t({ message: `${kbps} kbps`, context: 'audio bitrate' });
  return (
    <fieldset className="player-quality">
      <legend className="player-quality__legend">
        <Trans>Quality</Trans>
      </legend>
      <div className="player-quality__options">
        {AUDIO_QUALITIES.map((option) => (
          <label key={option} className="player-quality__option">
            <input
              type="radio"
              name={name}
              value={option}
              checked={quality === option}
              onChange={() => setQuality(option)}
            />
            <span>
              {i18n._(LABELS[option])} <small>{bitrate(AUDIO_QUALITY_BITRATES_KBPS[option])}</small>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
