import { t } from '@lingui/core/macro';
import { behindLiveParts } from '@onair/core';

/** How far behind live in the app's language (core's behindLiveParts): `30 s`, `4 min`, `1 h 05 min`. */
export function localBehind(ms: number): string {
  const behind = behindLiveParts(ms);
  switch (behind.unit) {
    case 'seconds': {
      const { seconds } = behind;
      return t({ message: `${seconds} s`, context: 'time behind live' });
    }
    case 'minutes': {
      const { minutes } = behind;
      return t({ message: `${minutes} min`, context: 'time behind live' });
    }
    case 'hours': {
      const { hours } = behind;
      const minutes = String(behind.minutes).padStart(2, '0');
      return t({ message: `${hours} h ${minutes} min`, context: 'time behind live' });
    }
  }
}

/** The notice while rewound: `You’re 4 min behind live`. */
export function behindLiveNotice(ms: number): string {
  const behind = localBehind(ms);
  return t`You’re ${behind} behind live`;
}
