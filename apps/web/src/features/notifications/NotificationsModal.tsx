import { favoriteNames, REMINDER_OPTIONS_MINUTES, type NotificationSettings } from '@onair/core';
import { useId, useSyncExternalStore } from 'react';
import { unfavorite } from '../../lib/favorites.ts';
import { useSchedule } from '../../lib/use-schedule.tsx';
import { useStored } from '../../lib/use-stored.ts';
import { stored } from '../../lib/stored.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/toast.tsx';
import '../../styles/notifications.css';
import { showLocalNotification } from './local-notification.ts';
import { browserFamily, NATIVE_UNBLOCK_INSTRUCTIONS, UNBLOCK_INSTRUCTIONS } from './push-environment.ts';
import { pushService, type PushService } from './push-service.ts';

export const EMPTY_FAVORITES_TEXT = 'No favorite shows yet. Star shows in the schedule to get notifications!';

interface NotificationsModalProps {
  open: boolean;
  onClose: () => void;
  /** Injectable for tests; the app's one PushService otherwise. */
  service?: PushService;
}

/** The Notifications modal (spec §2): enabling, the blocked and iOS panels, settings, favourites. */
export function NotificationsModal({ open, onClose, service = pushService() }: NotificationsModalProps) {
  const push = useSyncExternalStore(
    (listener) => service.subscribe(listener),
    () => service.state,
  );
  const [settings, setSettings] = useStored(stored.notificationSettings);
  const toast = useToast();
  const testLocal = () =>
    void showLocalNotification('Test notification', 'Local notifications work: this is how a show reminder will look.', toast.show);

  return (
    <Modal open={open} onClose={onClose} title="Notifications" className="notifications">
      <div className="notifications__body">
        {push.notice ? (
          <p className={`notifications__notice notifications__notice--${push.notice.tone}`} role={push.notice.tone === 'error' ? 'alert' : 'status'}>
            {push.notice.text}
          </p>
        ) : null}
        {push.support === 'unsupported' ? (
          <p className="notifications__panel" role="status">
            Push notifications are not supported on this device.
          </p>
        ) : null}

        {!settings.enabled && push.support === 'ios-local' ? (
          <section className="notifications__panel" aria-labelledby="notifications-ios">
            <h3 id="notifications-ios" className="notifications__subtitle">
              iOS Safari Detected
            </h3>
            <p>
              Safari on iOS can only show notifications while this app is open. For reminders with the app closed, add it to
              your Home Screen (Share, then Add to Home Screen; iOS 16.4 or later) and enable notifications there.
            </p>
            <div className="notifications__actions">
              <button type="button" className="notifications__button" disabled={push.busy} onClick={() => void service.enableLocal()}>
                Enable Local Notifications
              </button>
              <button type="button" className="notifications__button notifications__button--quiet" onClick={testLocal}>
                Test Local Notification
              </button>
            </div>
          </section>
        ) : null}

        {!settings.enabled && (push.support === 'push' || push.support === 'native') && push.permission === 'denied' ? (
          <section className="notifications__panel notifications__panel--warning" aria-labelledby="notifications-blocked">
            <h3 id="notifications-blocked" className="notifications__subtitle">
              Notifications Blocked
            </h3>
            <p>{push.support === 'native' ? NATIVE_UNBLOCK_INSTRUCTIONS : UNBLOCK_INSTRUCTIONS[browserFamily(navigator.userAgent)]}</p>
          </section>
        ) : null}

        {!settings.enabled && (push.support === 'push' || push.support === 'native') && push.permission !== 'denied' ? (
          <section className="notifications__panel" aria-labelledby="notifications-enable">
            <h3 id="notifications-enable" className="notifications__subtitle">
              Never miss a show
            </h3>
            <p>Get a reminder before your favourite shows start and hear about new shows, even with the app closed.</p>
            <button type="button" className="notifications__button" disabled={push.busy} onClick={() => void service.enable()}>
              {push.busy ? 'Enabling…' : 'Enable Notifications'}
            </button>
          </section>
        ) : null}

        {settings.enabled ? (
          <Settings settings={settings} onChange={setSettings} service={service} busy={push.busy} onTest={testLocal} />
        ) : null}

        <section className="notifications__how" aria-labelledby="notifications-how">
          <h3 id="notifications-how" className="notifications__subtitle">
            How it works
          </h3>
          <ul>
            <li>Tap the heart on a show in the schedule to add it to your favorites.</li>
            <li>You get a reminder before each favorite show starts, at the time you choose above.</li>
            <li>New Show Alerts tell you when the station adds a show to the weekly schedule.</li>
            <li>Reminders are sent by the station’s server, so they arrive even when this app is closed.</li>
          </ul>
        </section>
      </div>
    </Modal>
  );
}

interface SettingsProps {
  settings: NotificationSettings;
  onChange: (next: NotificationSettings) => void;
  service: PushService;
  busy: boolean;
  onTest: () => void;
}

function Settings({ settings, onChange, service, busy, onTest }: SettingsProps) {
  const selectId = useId();
  const localOnly = useStored(stored.pushRecord)[0] === null;
  const update = (patch: Partial<NotificationSettings>) => onChange({ ...settings, ...patch });

  return (
    <>
      <section className="notifications__panel" aria-label="Notification settings">
        <Switch label="Notifications" checked disabled={busy} onChange={() => void service.disable()} />
        <Switch
          label="Show Reminders"
          checked={settings.showScheduleReminders}
          onChange={(checked) => update({ showScheduleReminders: checked })}
        />
        <label className="notifications__field" htmlFor={selectId}>
          Remind me before shows start
          <select
            id={selectId}
            value={settings.reminderTime}
            disabled={!settings.showScheduleReminders}
            onChange={(event) => update({ reminderTime: Number(event.target.value) })}
          >
            {REMINDER_OPTIONS_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} minutes
              </option>
            ))}
          </select>
        </label>
        <Switch label="New Show Alerts" checked={settings.showNewShowAlerts} onChange={(checked) => update({ showNewShowAlerts: checked })} />
        {localOnly ? (
          <button type="button" className="notifications__button notifications__button--quiet" onClick={onTest}>
            Test Local Notification
          </button>
        ) : null}
      </section>
      <FavoriteShows ids={settings.favoriteShows} />
    </>
  );
}

function Switch({ label, checked, onChange, disabled = false }: { label: string; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  return (
    <label className="notifications__switch">
      <span>{label}</span>
      <input type="checkbox" role="switch" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
    </label>
  );
}

function FavoriteShows({ ids }: { ids: readonly string[] }) {
  const schedule = useSchedule();
  const names = schedule.status === 'ready' ? favoriteNames(schedule.schedule) : new Map<string, string>();
  return (
    <section className="notifications__favorites" aria-labelledby="notifications-favorites">
      <h3 id="notifications-favorites" className="notifications__subtitle">
        Favorite Shows
      </h3>
      {ids.length === 0 ? (
        <p className="notifications__empty">{EMPTY_FAVORITES_TEXT}</p>
      ) : (
        <ul className="notifications__favorite-list">
          {ids.map((id) => {
            const name = names.get(id) ?? id;
            return (
              <li key={id} className="notifications__favorite">
                <span>{name}</span>
                <button type="button" className="notifications__remove" aria-label={`Remove ${name} from favorites`} onClick={() => unfavorite(id)}>
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
