import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { favoriteNames, REMINDER_OPTIONS_MINUTES, type NotificationSettings } from '@onair/core';
import { useId, useSyncExternalStore } from 'react';
import { unfavorite } from '../../lib/favorites.ts';
import { useSchedule } from '../../lib/use-schedule.tsx';
import { useStored } from '../../lib/use-stored.ts';
import * as stored from '../../lib/stored.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/toast.tsx';
import '../../styles/notifications.css';
import { deliveryMode, ENABLE_PITCH, HOW_IT_WORKS } from './delivery-mode.ts';
import { showLocalNotification } from './local-notification.ts';
import { browserFamily, NATIVE_UNBLOCK_INSTRUCTIONS, UNBLOCK_INSTRUCTIONS } from './push-environment.ts';
import { pushService, type PushService } from './push-service.ts';

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
  const [record] = useStored(storedLater.pushRecord);
  const mode = deliveryMode(push.support, settings.enabled, record !== null);
  const toast = useToast();
  const { t, i18n } = useLingui();
  const testLocal = () =>
    void showLocalNotification(
      t`Test notification`,
      t`Local notifications work: this is how a show reminder will look.`,
      toast.show,
    );

  return (
    <Modal open={open} onClose={onClose} title={t`Notifications`} className="notifications">
      <div className="notifications__body">
        {push.notice ? (
          <p
            className={`notifications__notice notifications__notice--${push.notice.tone}`}
            role={push.notice.tone === 'error' ? 'alert' : 'status'}
          >
            {push.notice.text}
          </p>
        ) : null}
        {push.support === 'unsupported' ? (
          <p className="notifications__panel" role="status">
            <Trans>Push notifications are not supported on this device.</Trans>
          </p>
        ) : null}

        {!settings.enabled && push.support === 'ios-local' ? (
          <section className="notifications__panel" aria-labelledby="notifications-ios">
            <h3 id="notifications-ios" className="notifications__subtitle">
              <Trans>iOS Safari Detected</Trans>
            </h3>
            <p>
              <Trans>
                Safari on iOS can only show notifications while this app is open. For reminders with the app
                closed, add it to your Home Screen (Share, then Add to Home Screen; iOS 16.4 or later) and
                enable notifications there.
              </Trans>
            </p>
            <div className="notifications__actions">
              <button
                type="button"
                className="notifications__button"
                disabled={push.busy}
                onClick={() => void service.enableLocal()}
              >
                <Trans>Enable Local Notifications</Trans>
              </button>
              <button
                type="button"
                className="notifications__button notifications__button--quiet"
                onClick={testLocal}
              >
                <Trans>Test Local Notification</Trans>
              </button>
            </div>
          </section>
        ) : null}

        {!settings.enabled &&
        (push.support === 'push' || push.support === 'native') &&
        push.permission === 'denied' ? (
          <section
            className="notifications__panel notifications__panel--warning"
            aria-labelledby="notifications-blocked"
          >
            <h3 id="notifications-blocked" className="notifications__subtitle">
              <Trans>Notifications Blocked</Trans>
            </h3>
            <p>
              {i18n._(
                push.support === 'native'
                  ? NATIVE_UNBLOCK_INSTRUCTIONS
                  : UNBLOCK_INSTRUCTIONS[browserFamily(navigator.userAgent)],
              )}
            </p>
          </section>
        ) : null}

        {!settings.enabled &&
        (push.support === 'push' || push.support === 'native') &&
        push.permission !== 'denied' ? (
          <section className="notifications__panel" aria-labelledby="notifications-enable">
            <h3 id="notifications-enable" className="notifications__subtitle">
              <Trans>Never miss a show</Trans>
            </h3>
            <p>{mode === 'none' ? null : i18n._(ENABLE_PITCH[mode])}</p>
            <button
              type="button"
              className="notifications__button"
              disabled={push.busy}
              onClick={() => void service.enable()}
            >
              {push.busy ? t`Enabling…` : t`Enable Notifications`}
            </button>
          </section>
        ) : null}

        {settings.enabled ? (
          <Settings
            settings={settings}
            onChange={setSettings}
            service={service}
            busy={push.busy}
            onTest={testLocal}
            localOnly={record === null}
          />
        ) : null}

        <section className="notifications__how" aria-labelledby="notifications-how">
          <h3 id="notifications-how" className="notifications__subtitle">
            <Trans>How it works</Trans>
          </h3>
          <ul>
            {HOW_IT_WORKS[mode].map((point) => (
              <li key={point.id}>{i18n._(point)}</li>
            ))}
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
  /** No Web Push record: the app itself notifies, so it can be tried out. */
  localOnly: boolean;
}

function Settings({ settings, onChange, service, busy, onTest, localOnly }: SettingsProps) {
  const { t } = useLingui();
  const selectId = useId();
  const update = (patch: Partial<NotificationSettings>) => onChange({ ...settings, ...patch });

  return (
    <>
      <section className="notifications__panel" aria-label={t`Notification settings`}>
        <Switch label={t`Notifications`} checked disabled={busy} onChange={() => void service.disable()} />
        <Switch
          label={t`Show Reminders`}
          checked={settings.showScheduleReminders}
          onChange={(checked) => update({ showScheduleReminders: checked })}
        />
        <label className="notifications__field" htmlFor={selectId}>
          <Trans>Remind me before shows start</Trans>
          <select
            id={selectId}
            value={settings.reminderTime}
            disabled={!settings.showScheduleReminders}
            onChange={(event) => update({ reminderTime: Number(event.target.value) })}
          >
            {REMINDER_OPTIONS_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                <Plural value={minutes} one="# minute" other="# minutes" />
              </option>
            ))}
          </select>
        </label>
        <Switch
          label={t`New Show Alerts`}
          checked={settings.showNewShowAlerts}
          onChange={(checked) => update({ showNewShowAlerts: checked })}
        />
        <Switch
          label={t`New Episode Alerts`}
          description={t`Tells you when an episode of a favorite show is ready in Listen again.`}
          checked={settings.showNewEpisodeAlerts}
          onChange={(checked) => update({ showNewEpisodeAlerts: checked })}
        />
        {localOnly ? (
          <button
            type="button"
            className="notifications__button notifications__button--quiet"
            onClick={onTest}
          >
            <Trans>Test Local Notification</Trans>
          </button>
        ) : null}
      </section>
      <FavoriteShows ids={settings.favoriteShows} />
    </>
  );
}

function Switch({
  label,
  description,
  checked,
  onChange,
  disabled = false,
}: {
  label: string;
  /** A line under the switch, read with it. */
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const descriptionId = useId();
  return (
    <>
      <label className="notifications__switch">
        <span>{label}</span>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={description ? descriptionId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
      </label>
      {description ? (
        <p id={descriptionId} className="notifications__hint">
          {description}
        </p>
      ) : null}
    </>
  );
}

function FavoriteShows({ ids }: { ids: readonly string[] }) {
  const { t } = useLingui();
  const schedule = useSchedule();
  const names = schedule.status === 'ready' ? favoriteNames(schedule.schedule) : new Map<string, string>();
  return (
    <section className="notifications__favorites" aria-labelledby="notifications-favorites">
      <h3 id="notifications-favorites" className="notifications__subtitle">
        <Trans>Favorite Shows</Trans>
      </h3>
      {ids.length === 0 ? (
        <p className="notifications__empty">
          <Trans>No favorite shows yet. Star shows in the schedule to get notifications!</Trans>
        </p>
      ) : (
        <ul className="notifications__favorite-list">
          {ids.map((id) => {
            const name = names.get(id) ?? id;
            return (
              <li key={id} className="notifications__favorite">
                <span>{name}</span>
                <button
                  type="button"
                  className="notifications__remove"
                  aria-label={t`Remove ${name} from favorites`}
                  onClick={() => unfavorite(id)}
                >
                  <Trans>Remove</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
