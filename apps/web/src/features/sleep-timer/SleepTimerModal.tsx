import { Trans, useLingui } from '@lingui/react/macro';
import {
  clampSleepMinutes,
  SLEEP_DEFAULT_MINUTES,
  SLEEP_EXTEND_MINUTES,
  SLEEP_MAX_MINUTES,
  SLEEP_MIN_MINUTES,
  SLEEP_PRESET_MINUTES,
  SLEEP_STEP_MINUTES,
} from '@onair/core';
import { useState } from 'react';
import { Modal } from '../../ui/Modal.tsx';
import '../../styles/sleep-timer.css';
import { formatCountdown, presetLabel } from './format-countdown.ts';
import type { SleepTimer } from './use-sleep-timer.ts';

interface SleepTimerModalProps {
  open: boolean;
  onClose: () => void;
  /** True while audio is really playing: a timer can only be started then (spec §5). */
  playing: boolean;
  timer: SleepTimer;
}

const RING_RADIUS = 52;
const RING_CIRCUMFERENCE = 2 * Math.PI * RING_RADIUS;

export function SleepTimerModal({ open, onClose, playing, timer }: SleepTimerModalProps) {
  const { t } = useLingui();
  return (
    <Modal open={open} onClose={onClose} title={t`Sleep Timer`} className="sleep-timer">
      {timer.state ? (
        <ActiveTimer timer={timer} />
      ) : (
        <TimerSetup playing={playing} timer={timer} onClose={onClose} />
      )}
    </Modal>
  );
}

function TimerSetup({
  playing,
  timer,
  onClose,
}: {
  playing: boolean;
  timer: SleepTimer;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [custom, setCustom] = useState(SLEEP_DEFAULT_MINUTES);
  const step = (direction: 1 | -1) =>
    setCustom((minutes) => clampSleepMinutes(minutes + direction * SLEEP_STEP_MINUTES));

  return (
    <div className="sleep-timer__setup">
      {playing ? null : (
        <p className="sleep-timer__hint" role="status">
          <Trans>Start playing to use sleep timer</Trans>
        </p>
      )}
      <div className="sleep-timer__presets" role="group" aria-label={t`Presets`}>
        {SLEEP_PRESET_MINUTES.map((minutes) => (
          <button
            key={minutes}
            type="button"
            className="sleep-timer__preset"
            disabled={!playing}
            onClick={() => timer.start(minutes, false)}
          >
            {presetLabel(minutes)}
          </button>
        ))}
      </div>
      <section className="sleep-timer__custom" aria-labelledby="sleep-timer-custom">
        <h3 id="sleep-timer-custom" className="sleep-timer__subtitle">
          <Trans>Custom Time</Trans>
        </h3>
        <div className="sleep-timer__stepper">
          <button
            type="button"
            className="sleep-timer__step"
            aria-label={t`${SLEEP_STEP_MINUTES} minutes less`}
            disabled={custom <= SLEEP_MIN_MINUTES}
            onClick={() => step(-1)}
          >
            −
          </button>
          <output className="sleep-timer__minutes" aria-live="polite">
            <Trans>
              {custom} <span>min</span>
            </Trans>
          </output>
          <button
            type="button"
            className="sleep-timer__step"
            aria-label={t`${SLEEP_STEP_MINUTES} minutes more`}
            disabled={custom >= SLEEP_MAX_MINUTES}
            onClick={() => step(1)}
          >
            +
          </button>
        </div>
        <div className="sleep-timer__actions">
          <button type="button" className="sleep-timer__button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            className="sleep-timer__button sleep-timer__button--primary"
            disabled={!playing || custom <= 0}
            onClick={() => timer.start(custom, true)}
          >
            <Trans>Start Timer</Trans>
          </button>
        </div>
      </section>
    </div>
  );
}

function ActiveTimer({ timer }: { timer: SleepTimer }) {
  const { t } = useLingui();
  const dashOffset = RING_CIRCUMFERENCE * (1 - timer.fraction);
  return (
    <div className="sleep-timer__active">
      <div className="sleep-timer__ring">
        <svg viewBox="0 0 120 120" aria-hidden="true" focusable="false">
          <circle className="sleep-timer__track" cx="60" cy="60" r={RING_RADIUS} />
          <circle
            className="sleep-timer__progress"
            cx="60"
            cy="60"
            r={RING_RADIUS}
            strokeDasharray={RING_CIRCUMFERENCE}
            strokeDashoffset={dashOffset}
          />
        </svg>
        {/* role=timer is not announced on every tick; the label says what the numbers are. */}
        <p className="sleep-timer__countdown" role="timer" aria-label={t`Time left`} aria-atomic="true">
          {formatCountdown(timer.remainingSeconds)}
        </p>
      </div>
      <p className="sleep-timer__note">
        <Trans>Music will stop when timer reaches zero</Trans>
      </p>
      <div className="sleep-timer__extend">
        {SLEEP_EXTEND_MINUTES.map((minutes) => (
          <button
            key={minutes}
            type="button"
            className="sleep-timer__button"
            onClick={() => timer.extend(minutes)}
          >
            <Trans>+{minutes} min</Trans>
          </button>
        ))}
      </div>
      <button
        type="button"
        className="sleep-timer__button sleep-timer__button--danger"
        onClick={timer.cancel}
      >
        <Trans>Cancel Timer</Trans>
      </button>
    </div>
  );
}
