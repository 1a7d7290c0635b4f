import { CHAT_NAME_MAX_CHARS, CHAT_NAME_RULE } from '@onair/core';
import { useId, useState } from 'react';

interface NamePromptProps {
  /** The stored chat_username (spec §3), to prefill. */
  initialName: string;
  /** Why the last name was refused, in the listener's words. */
  error: string | null;
  onSubmit: (name: string) => void;
}

/** First visit (or a refused name): the listener picks the name others will see. */
export function NamePrompt({ initialName, error, onSubmit }: NamePromptProps) {
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
        Join the chat
      </h2>
      <label htmlFor={fieldId}>Your name in the chat</label>
      <input
        id={fieldId}
        value={name}
        autoComplete="nickname"
        maxLength={CHAT_NAME_MAX_CHARS * 2}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setName(event.target.value)}
        autoFocus
      />
      <p id={hintId} className="chat-name-prompt__hint">
        {CHAT_NAME_RULE}
      </p>
      {error ? (
        <p id={errorId} className="chat-name-prompt__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit">Join chat</button>
    </form>
  );
}
