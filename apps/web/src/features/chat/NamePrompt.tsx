import { Trans, useLingui } from '@lingui/react/macro';
import { CHAT_NAME_MAX_CHARS } from '@onair/core';
import { useId, useState } from 'react';
import { CHAT_FIELD_ATTRIBUTE } from '../../lib/keyboard-shortcuts.ts';
import { CHAT_NAME_RULE_MESSAGE } from './chat-service.ts';

interface NamePromptProps {
  /** The stored chat_username (spec §3), to prefill. */
  initialName: string;
  /** Why the last name was refused, in the listener's words. */
  error: string | null;
  onSubmit: (name: string) => void;
  /** Take the focus when shown (the chat screen); beside the music it waits for the listener. */
  autoFocus: boolean;
}

/** First visit (or a refused name): the listener picks the name others will see. */
export function NamePrompt({ initialName, error, onSubmit, autoFocus }: NamePromptProps) {
  const { i18n } = useLingui();
  const [name, setName] = useState(initialName);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <form
      className="chat-name-prompt"
      aria-labelledby={`${fieldId}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(name);
      }}
    >
      <h2 id={`${fieldId}-title`} className="chat-name-prompt__title">
        <Trans>Join the chat</Trans>
      </h2>
      <label htmlFor={fieldId}>
        <Trans>Your name in the chat</Trans>
      </label>
      <input
        id={fieldId}
        value={name}
        autoComplete="nickname"
        maxLength={CHAT_NAME_MAX_CHARS * 2}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setName(event.target.value)}
        autoFocus={autoFocus}
        {...{ [CHAT_FIELD_ATTRIBUTE]: '' }}
      />
      <p id={hintId} className="chat-name-prompt__hint">
        {i18n._(CHAT_NAME_RULE_MESSAGE)}
      </p>
      {error ? (
        <p id={errorId} className="chat-name-prompt__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit">
        <Trans>Join chat</Trans>
      </button>
    </form>
  );
}
