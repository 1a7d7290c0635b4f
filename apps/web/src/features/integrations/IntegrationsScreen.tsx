import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { IntegrationView } from '@onair/core';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import {
  createIntegration,
  deleteIntegration,
  fetchIntegrations,
  sendTest,
  updateIntegration,
  type IntegrationDraft,
} from './api.ts';
import { DeliveryLog } from './DeliveryLog.tsx';
import { IntegrationForm } from './IntegrationForm.tsx';
import { eventLabel, kindLabel } from './integration-kinds.ts';
import { AdminLoadFailed } from '../../ui/AdminLoadFailed.tsx';
import './integrations.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; integrations: IntegrationView[] }
  | { state: 'failed'; error: unknown };

/** The admin's signed webhooks and social posts (route /integrations, linked from Insights). */
export function IntegrationsScreen() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const { t } = useLingui();

  useEffect(() => {
    const controller = new AbortController();
    fetchIntegrations(controller.signal).then(
      (integrations) => setLoad({ state: 'ready', integrations }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const replace = useCallback((next: IntegrationView) => {
    setLoad((current) =>
      current.state === 'ready'
        ? {
            ...current,
            integrations: current.integrations.map((item) => (item.id === next.id ? next : item)),
          }
        : current,
    );
  }, []);
  const remove = useCallback((id: string) => {
    setLoad((current) =>
      current.state === 'ready'
        ? { ...current, integrations: current.integrations.filter((item) => item.id !== id) }
        : current,
    );
  }, []);

  async function add(draft: IntegrationDraft) {
    const { secret, ...integration } = await createIntegration(draft);
    setLoad((current) =>
      current.state === 'ready'
        ? { ...current, integrations: [...current.integrations, integration] }
        : current,
    );
    setAdding(false);
    setCreated(secret ? { name: integration.name, secret } : null);
  }

  return (
    <section className="screen integrations" aria-labelledby="screen-title">
      <ScreenHeader title={t`Integrations`} />
      <p className="integrations__intro">
        <Trans>
          Tell the world what is on air: signed webhooks, posts to Discord, Mastodon, Bluesky and Telegram,
          and the song on TuneIn. Each event is delivered once, retried when a receiver fails, and logged
          below.
        </Trans>{' '}
        <Link to="/insights">
          <Trans>Back to Insights</Trans>
        </Link>
      </p>
      {created ? <SecretNotice {...created} onDone={() => setCreated(null)} /> : null}
      {load.state === 'loading' ? (
        <p className="screen__note" role="status">
          <Trans>Loading integrations…</Trans>
        </p>
      ) : load.state === 'failed' ? (
        <AdminLoadFailed
          error={load.error}
          failed={<Trans>The integrations could not be loaded.</Trans>}
          onRetry={() => setAttempt((count) => count + 1)}
        />
      ) : (
        <>
          {load.integrations.length === 0 ? (
            <p className="screen__note">
              <Trans>No integrations yet.</Trans>
            </p>
          ) : (
            <ul className="integrations__list" aria-label={t`Integrations`}>
              {load.integrations.map((integration) => (
                <li key={integration.id}>
                  <IntegrationCard integration={integration} onChange={replace} onDeleted={remove} />
                </li>
              ))}
            </ul>
          )}
          <section className="admin-card" aria-labelledby="integrations-add">
            <h2 id="integrations-add" className="integrations__title">
              <Trans>Add an integration</Trans>
            </h2>
            {adding ? (
              <IntegrationForm
                submitLabel={t`Add integration`}
                onSubmit={add}
                onCancel={() => setAdding(false)}
              />
            ) : (
              <div className="integrations__actions">
                <button
                  type="button"
                  onClick={() => {
                    setCreated(null);
                    setAdding(true);
                  }}
                >
                  <Trans>Add an integration</Trans>
                </button>
              </div>
            )}
          </section>
        </>
      )}
    </section>
  );
}

/** A new webhook's signing secret: shown once, never again (the server keeps it). */
function SecretNotice({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const secretId = useId();
  const { t } = useLingui();
  return (
    <section className="admin-card integrations__secret" aria-labelledby={`${secretId}-title`}>
      <h2 id={`${secretId}-title`} className="integrations__title">
        <Trans>Signing secret of {name}</Trans>
      </h2>
      <p>
        <Trans>
          Copy it now: it is shown only this once. Your receiver verifies each request with it (any Standard
          Webhooks library).
        </Trans>
      </p>
      <code id={secretId} className="integrations__secret-value">
        {secret}
      </code>
      <div className="integrations__actions">
        <button
          type="button"
          aria-describedby={secretId}
          onClick={() =>
            void navigator.clipboard.writeText(secret).then(
              () => setCopied('yes'),
              () => setCopied('failed'),
            )
          }
        >
          <Trans>Copy secret</Trans>
        </button>
        <button type="button" onClick={onDone}>
          <Trans>I have saved it</Trans>
        </button>
      </div>
      <p role="status">
        {copied === 'yes'
          ? t`Copied.`
          : copied === 'failed'
            ? t`The browser did not allow copying: select the secret and copy it by hand.`
            : ''}
      </p>
    </section>
  );
}

function IntegrationCard({
  integration,
  onChange,
  onDeleted,
}: {
  integration: IntegrationView;
  onChange: (next: IntegrationView) => void;
  onDeleted: (id: string) => void;
}) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [logVersion, setLogVersion] = useState(0);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  const { name, kind, enabled, pausedReason } = integration;

  async function act(action: () => Promise<void>, failure: string) {
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } catch (error) {
      setNotice({ text: `${failure} ${error instanceof Error ? error.message : ''}`.trim(), failed: true });
    } finally {
      setBusy(false);
    }
  }

  const state = pausedReason ? t`Paused: ${pausedReason}` : enabled ? t`Running` : t`Switched off`;

  return (
    <article className="admin-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="integrations__title">
        {name}
      </h2>
      <dl className="integrations__facts">
        <div>
          <dt>
            <Trans>Kind</Trans>
          </dt>
          <dd>{kindLabel(kind)}</dd>
        </div>
        <div>
          <dt>
            <Trans>State</Trans>
          </dt>
          <dd className={pausedReason ? 'integrations__paused' : undefined}>{state}</dd>
        </div>
        <div>
          <dt>
            <Trans>Events</Trans>
          </dt>
          <dd>{integration.events.map(eventLabel).join(', ')}</dd>
        </div>
      </dl>
      {editing ? (
        <IntegrationForm
          editing={integration}
          submitLabel={t`Save changes`}
          onCancel={() => setEditing(false)}
          onSubmit={async (draft) => {
            onChange(
              await updateIntegration(integration.id, {
                name: draft.name,
                events: draft.events,
                settings: draft.settings,
              }),
            );
            setEditing(false);
            setNotice({ text: t`Saved.`, failed: false });
          }}
        />
      ) : (
        <div className="integrations__actions">
          <button
            type="button"
            disabled={busy || !enabled}
            aria-describedby={!enabled ? `${titleId}-off` : undefined}
            onClick={() =>
              void act(
                async () => {
                  await sendTest(integration.id);
                  setNotice({
                    text: t`A test event was sent. Its delivery shows in the log.`,
                    failed: false,
                  });
                  setShowLog(true);
                  setLogVersion((version) => version + 1);
                },
                t`The test could not be sent.`,
              )
            }
          >
            <Trans>Send test</Trans>
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              void act(
                async () => {
                  onChange(await updateIntegration(integration.id, { enabled: !enabled }));
                },
                enabled ? t`It could not be paused.` : t`It could not be resumed.`,
              )
            }
          >
            {enabled ? t`Pause` : t`Resume`}
          </button>
          <button type="button" disabled={busy} onClick={() => setEditing(true)}>
            <Trans>Edit</Trans>
          </button>
          <button type="button" aria-expanded={showLog} onClick={() => setShowLog((shown) => !shown)}>
            {showLog ? t`Hide deliveries` : t`Show deliveries`}
          </button>
          <button type="button" disabled={busy} onClick={() => setConfirmingDelete(true)}>
            <Trans>Delete</Trans>
          </button>
        </div>
      )}
      {!enabled ? (
        <p id={`${titleId}-off`} className="integrations__hint">
          <Trans>Resume it to send a test.</Trans>
        </p>
      ) : null}
      {confirmingDelete ? (
        <div className="integrations__confirm" role="group" aria-label={t`Delete ${name}?`}>
          <p>
            <Trans>Delete {name}? Its queued deliveries and its log go with it. This cannot be undone.</Trans>
          </p>
          <div className="integrations__actions">
            <button
              type="button"
              className="integrations__danger"
              disabled={busy}
              onClick={() =>
                void act(
                  async () => {
                    await deleteIntegration(integration.id);
                    onDeleted(integration.id);
                  },
                  t`It could not be deleted.`,
                )
              }
            >
              <Trans>Delete {name}</Trans>
            </button>
            <button type="button" onClick={() => setConfirmingDelete(false)}>
              <Trans>Keep it</Trans>
            </button>
          </div>
        </div>
      ) : null}
      <p role="status">{notice && !notice.failed ? notice.text : ''}</p>
      {notice?.failed ? (
        <p role="alert" className="integrations__error">
          {notice.text}
        </p>
      ) : null}
      {showLog ? <DeliveryLog integrationId={integration.id} name={name} version={logVersion} /> : null}
    </article>
  );
}
