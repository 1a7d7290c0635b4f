import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import {
  DEFAULT_TEMPLATES,
  INTEGRATION_KINDS,
  POST_INTERVAL_MAX_MINUTES,
  TEMPLATE_MAX_CHARS,
  type IntegrationEventType,
  type IntegrationKind,
  type IntegrationView,
} from '@onair/core';
import { ApiError } from '../../lib/api-client.ts';
import type { IntegrationDraft } from './api.ts';
import { fieldOfError } from './field-error.ts';
import { eventLabel, kindLabel, KINDS, type KindField } from './integration-kinds.ts';

const VISIBILITIES: readonly (readonly [string, MessageDescriptor])[] = [
  ['public', msg`Public`],
  ['unlisted', msg`Unlisted`],
  ['private', msg`Followers only`],
  ['direct', msg`Mentioned people only`],
];

interface IntegrationFormProps {
  /** The integration being edited; a new one when absent. */
  editing?: IntegrationView;
  submitLabel: string;
  onSubmit: (draft: IntegrationDraft) => Promise<void>;
  onCancel?: () => void;
}

/** The placeholders a post text may hold (core's post templates). */
const TEMPLATE_FIELDS = '{title} {artist} {show} {link} {listeners}';

type FormError = { field: string | null; message: string };

function initialValues(editing: IntegrationView | undefined): Record<string, string> {
  if (!editing) return {};
  return Object.fromEntries(
    Object.entries(editing.settings).flatMap(([name, value]) =>
      typeof value === 'string' || typeof value === 'number' ? [[name, String(value)]] : [],
    ),
  );
}

/**
 * Adds or edits one integration: its name, kind (when new), the kind's settings and the events it
 * takes. The server checks everything; its refusal is shown beside the field it names.
 */
export function IntegrationForm({ editing, submitLabel, onSubmit, onCancel }: IntegrationFormProps) {
  const id = useId();
  const [kind, setKind] = useState<IntegrationKind>(editing?.kind ?? 'webhook');
  const [name, setName] = useState(editing?.name ?? '');
  const [events, setEvents] = useState<string[]>(editing?.events ?? ['track.changed']);
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(editing));
  const [templates, setTemplates] = useState<Record<string, string>>(
    () => (editing?.settings.templates ?? {}) as Record<string, string>,
  );
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  const description = KINDS[kind];
  const allowedEvents = description.events;

  const errorFor = (field: string) => (error?.field === field ? error.message : null);
  const fieldId = (field: string) => `${id}-${field}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    const settings: Record<string, unknown> = {};
    for (const field of description.fields) {
      const value = (values[field.name] ?? '').trim();
      if (value !== '') settings[field.name] = value;
    }
    if (description.posts) {
      const minutes = (values.minPostIntervalMinutes ?? '').trim();
      if (minutes !== '') settings.minPostIntervalMinutes = Number(minutes);
      const written = Object.fromEntries(
        events.flatMap((type) => {
          const text = (templates[type] ?? '').trim();
          return text === '' ? [] : [[type, text]];
        }),
      );
      if (Object.keys(written).length > 0) settings.templates = written;
    }
    try {
      await onSubmit({
        name: name.trim(),
        kind,
        events: events.filter((type) => (allowedEvents as readonly string[]).includes(type)),
        settings,
      });
    } catch (caught) {
      const message =
        caught instanceof ApiError || caught instanceof Error
          ? caught.message
          : t`The integration could not be saved.`;
      setError({ field: fieldOfError(message), message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="integrations__form" onSubmit={(event) => void submit(event)} noValidate>
      {editing ? null : (
        <Field id={fieldId('kind')} label={t`Kind`} error={errorFor('kind')}>
          {(describedBy) => (
            <select
              id={fieldId('kind')}
              value={kind}
              aria-describedby={describedBy}
              onChange={(event) => {
                const next = event.target.value as IntegrationKind;
                setKind(next);
                if (next === 'tunein') setEvents(['track.changed']);
              }}
            >
              {INTEGRATION_KINDS.map((option) => (
                <option key={option} value={option}>
                  {kindLabel(option)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field id={fieldId('name')} label={t`Name`} error={errorFor('name')}>
        {(describedBy) => (
          <input
            id={fieldId('name')}
            value={name}
            maxLength={80}
            required
            aria-describedby={describedBy}
            aria-invalid={errorFor('name') ? true : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      {description.fields.map((field) => (
        <SettingField
          key={`${kind}-${field.name}`}
          id={fieldId(`settings.${field.name}`)}
          field={field}
          value={values[field.name] ?? ''}
          error={errorFor(`settings.${field.name}`)}
          onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
        />
      ))}
      {description.posts ? (
        <Field
          id={fieldId('settings.minPostIntervalMinutes')}
          label={t`Minutes between track posts`}
          hint={t`At most one track post in this many minutes, so followers are not flooded; 0 or empty posts every track. Shows and station news always go.`}
          error={errorFor('settings.minPostIntervalMinutes')}
        >
          {(describedBy) => (
            <input
              id={fieldId('settings.minPostIntervalMinutes')}
              type="number"
              inputMode="numeric"
              min={0}
              max={POST_INTERVAL_MAX_MINUTES}
              value={values.minPostIntervalMinutes ?? ''}
              aria-describedby={describedBy}
              onChange={(event) =>
                setValues((current) => ({ ...current, minPostIntervalMinutes: event.target.value }))
              }
            />
          )}
        </Field>
      ) : null}
      <fieldset
        className="integrations__events"
        aria-describedby={errorFor('events') ? `${id}-events-error` : undefined}
      >
        <legend>
          <Trans>Events</Trans>
        </legend>
        {allowedEvents.map((type) => (
          <label key={type} className="integrations__check">
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(event) =>
                setEvents((current) =>
                  event.target.checked ? [...current, type] : current.filter((item) => item !== type),
                )
              }
            />
            {eventLabel(type)}
          </label>
        ))}
        {errorFor('events') ? (
          <p id={`${id}-events-error`} className="integrations__error" role="alert">
            {errorFor('events')}
          </p>
        ) : null}
      </fieldset>
      {description.posts && events.length > 0 ? (
        <fieldset className="integrations__events">
          <legend>
            <Trans>Post texts</Trans>
          </legend>
          <p id={`${id}-templates-hint`} className="integrations__hint">
            <Trans>Plain text with {TEMPLATE_FIELDS}; leave one empty for the text shown in it.</Trans>
          </p>
          {events
            .filter((type): type is IntegrationEventType =>
              (allowedEvents as readonly string[]).includes(type),
            )
            .map((type) => {
              const event = eventLabel(type);
              return (
                <Field
                  key={type}
                  id={fieldId(`settings.templates.${type}`)}
                  label={t`Post text: ${event}`}
                  error={errorFor(`settings.templates.${type}`)}
                >
                  {(describedBy) => (
                    <input
                      id={fieldId(`settings.templates.${type}`)}
                      value={templates[type] ?? ''}
                      placeholder={DEFAULT_TEMPLATES[type]}
                      maxLength={TEMPLATE_MAX_CHARS}
                      aria-describedby={[`${id}-templates-hint`, describedBy].filter(Boolean).join(' ')}
                      onChange={(event) =>
                        setTemplates((current) => ({ ...current, [type]: event.target.value }))
                      }
                    />
                  )}
                </Field>
              );
            })}
        </fieldset>
      ) : null}
      {error && error.field === null ? (
        <p className="integrations__error" role="alert">
          {error.message}
        </p>
      ) : null}
      <div className="integrations__actions">
        <button type="submit" disabled={busy}>
          {busy ? t`Saving…` : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
    </form>
  );
}

function SettingField({
  id,
  field,
  value,
  error,
  onChange,
}: {
  id: string;
  field: KindField;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { i18n } = useLingui();
  return (
    <Field id={id} label={i18n._(field.label)} hint={i18n._(field.hint)} error={error}>
      {(describedBy) =>
        field.type === 'visibility' ? (
          <select
            id={id}
            value={value || 'public'}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          >
            {VISIBILITIES.map(([option, label]) => (
              <option key={option} value={option}>
                {i18n._(label)}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            type={field.type}
            value={value}
            required={field.required}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

/** A label, the control, its hint and the server's error for it (both read with the control). */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | null;
  children: (describedBy: string | undefined) => React.ReactNode;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="integrations__field">
      <label htmlFor={id}>{label}</label>
      {children(described || undefined)}
      {hint ? (
        <p id={`${id}-hint`} className="integrations__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="integrations__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
