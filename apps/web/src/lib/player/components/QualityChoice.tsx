import { AUDIO_QUALITIES, AUDIO_QUALITY_BITRATES_KBPS, type AudioQuality } from '@onair/core';
import { useId } from 'react';
import { usePlayer } from '../PlayerProvider.tsx';

const LABELS: Readonly<Record<AudioQuality, string>> = { standard: 'Standard', high: 'High' };

/** Standard (192 kbps) or High (320 kbps); a change reloads the stream and is remembered. */
export function QualityChoice() {
  const { quality, setQuality } = usePlayer();
  const name = useId();
  return (
    <fieldset className="player-quality">
      <legend className="player-quality__legend">Quality</legend>
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
              {LABELS[option]} <small>{AUDIO_QUALITY_BITRATES_KBPS[option]} kbps</small>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
