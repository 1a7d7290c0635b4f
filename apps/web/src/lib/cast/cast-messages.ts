import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { CAST_FALLBACK_RESET_MS } from '@onair/core';

/** Spec §8 cast messages, verbatim where the spec quotes them. */
export const CAST_MESSAGES = {
  cancelled: msg`Cast device selection cancelled`,
  noDevices: msg`No Cast devices found on your network`,
  unavailable: msg`Cast device is currently unavailable`,
  extension: msg`Cast extension is not available`,
  notReady: msg`Cast feature is not ready`,
  loadFailed: msg`Failed to load audio stream`,
  invalidConfig: msg`Invalid Cast configuration`,
  sessionError: msg`Cast session error occurred`,
  network: msg`Network connection issue`,
  loadTimeout: msg`Audio stream loading timed out`,
  failed: msg`Cast operation failed`,
} satisfies Record<string, MessageDescriptor>;
export type CastMessageKey = keyof typeof CAST_MESSAGES;

/** Spec §8 toasts of casting (the connected one names the device: castConnectedToast). */
export const CAST_TOASTS = {
  searching: msg`Searching for Cast devices...`,
  disconnected: msg`Disconnected from Cast device`,
  disconnectFailed: msg`Failed to disconnect from Cast device`,
} satisfies Record<string, MessageDescriptor>;

/** Spec §8's 'Connected to …!' toast, in the app's language. */
export function castConnectedToast(device: string): string {
  return t`Connected to ${device}!`;
}

/** The spec's retry hint that goes with 'No Cast devices found on your network'. */
export const NO_DEVICES_HINT = msg`Make sure your Cast device is on the same Wi-Fi network, then try again.`;

/** What failed, as the cast owner knows it: a framework error code, or one of its own causes. */
export type CastFailure =
  | { kind: 'code'; code: string }
  | { kind: 'scriptUnavailable' }
  | { kind: 'noDevices' }
  | { kind: 'sessionTimeout' }
  | { kind: 'loadTimeout' };

const BY_CODE: Record<string, CastMessageKey> = {
  cancel: 'cancelled',
  timeout: 'loadTimeout',
  api_not_initialized: 'notReady',
  invalid_parameter: 'invalidConfig',
  extension_not_compatible: 'extension',
  extension_missing: 'extension',
  receiver_unavailable: 'unavailable',
  session_error: 'sessionError',
  channel_error: 'network',
  load_media_failed: 'loadFailed',
};

export function castMessageKey(failure: CastFailure): CastMessageKey {
  switch (failure.kind) {
    case 'code':
      return BY_CODE[failure.code] ?? 'failed';
    case 'scriptUnavailable':
      return 'extension';
    case 'noDevices':
      return 'noDevices';
    case 'sessionTimeout':
      return 'unavailable';
    case 'loadTimeout':
      return 'loadTimeout';
  }
}

/**
 * Spec §9's fallback reset (1, 5 or 10 s) by cause: a cancelled picker is the listener's own choice
 * and clears at once; a device or network hiccup may pass in a few seconds; a missing framework or a
 * bad configuration will not fix itself soon, so its message stays longest.
 */
export function castFallbackResetMs(key: CastMessageKey): number {
  switch (key) {
    case 'cancelled':
      return CAST_FALLBACK_RESET_MS.short;
    case 'extension':
    case 'invalidConfig':
      return CAST_FALLBACK_RESET_MS.long;
    default:
      return CAST_FALLBACK_RESET_MS.medium;
  }
}
