import { Trans, useLingui } from '@lingui/react/macro';
import { CHAT_MESSAGE_MAX_CHARS, type ChatMessage } from '@onair/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ariaShortcut, CHAT_FIELD_ATTRIBUTE } from '../../lib/keyboard-shortcuts.ts';
import * as stored from '../../lib/stored.ts';
import { useStored } from '../../lib/use-stored.ts';
import { mentionQueryAt, mentionSuggestions } from './mention-autocomplete.ts';

interface ComposerProps {
  /** Recent chatters, newest first, for '@' autocomplete. */
  recentNames: readonly string[];
  myName: string | null;
  replyingTo: ChatMessage | null;
  onCancelReply: () => void;
  /** Returns why the text cannot be sent, or null once it is queued. */
  onSend: (text: string) => string | null;
  offline: boolean;
}

/** The message field: Enter sends, Shift+Enter breaks the line, '@' offers recent chatters (arrows + Enter/Tab). */
export function Composer({ recentNames, myName, replyingTo, onCancelReply, onSend, offline }: ComposerProps) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [shortcutsOn] = useStored(stored.keyboardShortcuts);
  const [caret, setCaret] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const problemId = useId();

  // Reply (in a message's action bar) leads to the field, where the answer is written.
  useEffect(() => {
    if (replyingTo) field.current?.focus();
  }, [replyingTo]);

  const query = dismissed ? null : mentionQueryAt(text, caret);
  const suggestions = query ? mentionSuggestions(recentNames, query.query, myName) : [];
  const open = suggestions.length > 0;

  const pick = (name: string) => {
    if (!query) return;
    const next = `${text.slice(0, query.start)}@${name} ${text.slice(caret)}`;
    const position = query.start + name.length + 2;
    setText(next);
    setCaret(position);
    requestAnimationFrame(() => field.current?.setSelectionRange(position, position));
    field.current?.focus();
  };

  const submit = () => {
    const refusal = onSend(text);
    setProblem(refusal);
    if (refusal === null) {
      setText('');
      setCaret(0);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(suggestions[Math.min(active, suggestions.length - 1)] ?? '');
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(true);
        return;
      }
    }
    if (event.key === 'Escape' && replyingTo) {
      onCancelReply();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {replyingTo ? (
        <div className="chat-composer__reply">
          <span>
            <ReplyingTo name={replyingTo.name} excerpt={replyingTo.text.slice(0, 80)} />
          </span>
          <button type="button" onClick={onCancelReply} aria-label={t`Cancel reply`}>
            ×
          </button>
        </div>
      ) : null}
      {open ? (
        <ul id={listId} className="chat-composer__mentions" role="listbox" aria-label={t`Mention a listener`}>
          {suggestions.map((name, index) => (
            <li
              key={name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                event.preventDefault(); // keep the field's focus and caret
                pick(name);
              }}
            >
              @{name}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="chat-composer__row">
        <label className="visually-hidden" htmlFor={`${listId}-field`}>
          <Trans>Message</Trans>
        </label>
        <textarea
          ref={field}
          id={`${listId}-field`}
          className="chat-composer__field"
          rows={1}
          maxLength={CHAT_MESSAGE_MAX_CHARS * 2}
          placeholder={offline ? t`Offline: your message will be sent when you are back` : t`Say something…`}
          value={text}
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${listId}-${Math.min(active, suggestions.length - 1)}` : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setCaret(event.target.selectionStart);
            setActive(0);
            setDismissed(false);
            setProblem(null);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          aria-keyshortcuts={ariaShortcut('focus-chat', shortcutsOn)}
          {...{ [CHAT_FIELD_ATTRIBUTE]: '' }}
        />
        <button type="submit" className="chat-composer__send">
          <Trans>Send</Trans>
        </button>
      </div>
      {problem ? (
        <p id={problemId} className="chat-composer__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function ReplyingTo({ name, excerpt }: { name: string; excerpt: string }) {
  return (
    <Trans>
      Replying to <strong>{name}</strong>: {excerpt}
    </Trans>
  );
}
