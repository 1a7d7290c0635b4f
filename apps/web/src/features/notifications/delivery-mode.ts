import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PushSupport } from './push-environment.ts';

/**
 * Who delivers reminders and New Show Alerts here, which decides what the modal may promise:
 * - 'server': Web Push from the station's server, with the app closed too;
 * - 'device': inside the apps, reminders scheduled on the device; new shows found when the app runs;
 * - 'open-app': iOS Safari in a tab, or a browser whose push subscription failed: the open app only;
 * - 'none': this browser can show no notification at all.
 */
export type DeliveryMode = 'server' | 'device' | 'open-app' | 'none';

/** `registered`: this browser holds a Web Push record (push-service.ts). Before enabling, what enabling aims for. */
export function deliveryMode(support: PushSupport, enabled: boolean, registered: boolean): DeliveryMode {
  switch (support) {
    case 'native':
      return 'device';
    case 'ios-local':
      return 'open-app';
    case 'unsupported':
      return 'none';
    case 'push':
      return enabled && !registered ? 'open-app' : 'server';
  }
}

const FAVORITE = msg`Tap the heart on a show in the schedule to add it to your favorites.`;
const REMINDER = msg`You get a reminder before each favorite show starts, at the time you choose above.`;

/** The 'How it works' box (spec §2: four points), true for each mode. */
export const HOW_IT_WORKS: Record<
  DeliveryMode,
  readonly [MessageDescriptor, MessageDescriptor, MessageDescriptor, MessageDescriptor]
> = {
  server: [
    FAVORITE,
    REMINDER,
    msg`New Show Alerts tell you when the station adds a show to the weekly schedule.`,
    msg`Reminders and alerts are sent by the station’s server, so they arrive even when this app is closed.`,
  ],
  device: [
    FAVORITE,
    REMINDER,
    msg`New Show Alerts tell you about shows added to the weekly schedule: the app looks each time it opens and while it is open.`,
    msg`Reminders are scheduled on this device, so they arrive even when the app is closed.`,
  ],
  'open-app': [
    FAVORITE,
    REMINDER,
    msg`New Show Alerts tell you about shows added to the weekly schedule since you last had this app open.`,
    msg`Reminders and alerts come from this app itself, so they only arrive while it is open.`,
  ],
  none: [
    FAVORITE,
    msg`This browser cannot show notifications, so it can neither remind you nor alert you to new shows.`,
    msg`Your favorites are kept on this device and marked in the schedule.`,
    msg`For reminders and New Show Alerts, open this app in a browser that supports notifications, or install the app.`,
  ],
};

/** The invitation above Enable Notifications. */
export const ENABLE_PITCH: Record<Exclude<DeliveryMode, 'none'>, MessageDescriptor> = {
  server: msg`Get a reminder before your favourite shows start and hear about new shows, even with the app closed.`,
  device: msg`Get a reminder before your favourite shows start, even with the app closed, and hear about new shows whenever you open the app.`,
  'open-app': msg`Get a reminder before your favourite shows start and hear about new shows while this app is open.`,
};
