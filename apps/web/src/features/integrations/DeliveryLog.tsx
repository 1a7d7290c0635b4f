import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import type { DeliveryAttemptView } from '@onair/core';
import { fetchDeliveries } from './api.ts';
import { eventLabel } from './integration-kinds.ts';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; deliveries: DeliveryAttemptView[] }
  | { state: 'failed'; message: string };

/** What the status column says: the receiver's HTTP status, or that none came. */
function statusText(attempt: DeliveryAttemptView): string {
  const { status } = attempt;
  if (status === null) return t`No answer`;
  return status >= 200 && status < 300 ? t`${status} (delivered)` : String(status);
}

const milliseconds = (duration: string) => t`${duration} ms`;

/** The last 100 attempts of one integration, newest first; `version` changes ask again (after a test). */
export function DeliveryLog({
  integrationId,
  name,
  version,
}: {
  integrationId: string;
  name: string;
  version: number;
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { i18n } = useLingui();
  const refresh = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    fetchDeliveries(integrationId, controller.signal).then(
      (deliveries) => setLoad({ state: 'ready', deliveries }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setLoad({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [integrationId, version, attempt]);

  return (
    <div className="integrations__log">
      <div className="integrations__actions">
        <button type="button" onClick={refresh}>
          <Trans>Refresh deliveries</Trans>
        </button>
      </div>
      {load.state === 'loading' ? (
        <p role="status">
          <Trans>Loading deliveries…</Trans>
        </p>
      ) : load.state === 'failed' ? (
        <p className="integrations__error" role="alert">
          <Trans>The deliveries could not be loaded.</Trans> {load.message}
        </p>
      ) : load.deliveries.length === 0 ? (
        <p>
          <Trans>Nothing delivered yet. Send a test to see one here.</Trans>
        </p>
      ) : (
        <div className="integrations__table-wrap">
          <table className="integrations__table">
            <caption>{t`Deliveries of ${name}`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Event`}</th>
                <th scope="col">{t`Time`}</th>
                <th scope="col">{t`Status`}</th>
                <th scope="col">{t`Duration`}</th>
                <th scope="col">{t`Answer`}</th>
              </tr>
            </thead>
            <tbody>
              {load.deliveries.map((delivery) => (
                <tr key={`${delivery.deliveryId}-${delivery.at}`}>
                  <td>{eventLabel(delivery.event)}</td>
                  <td>
                    <time dateTime={delivery.at}>
                      {i18n.date(delivery.at, { dateStyle: 'short', timeStyle: 'medium' })}
                    </time>
                  </td>
                  <td>{statusText(delivery)}</td>
                  <td>{milliseconds(i18n.number(delivery.durationMs))}</td>
                  <td className="integrations__answer">{delivery.answer}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
