import { Trans, useLingui } from '@lingui/react/macro';
import {
  CHAT_REACTIONS,
  chatNameKey,
  formatClockTime,
  type ChatMessage,
  type ClockSetting,
} from '@onair/core';
import { memo, useCallback, useEffect, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import type { OutgoingMessage } from './chat-service.ts';
import { MessageText } from './MessageText.tsx';
import { MuteMenu, type MuteDuration } from './MuteMenu.tsx';

/** What a message's actions do. The room passes the same object on every render, so rows are drawn again only when their own message changes. */
export interface MessageActions {
  onReply: (message: ChatMessage) => void;
  onReact: (message: ChatMessage, emoji: string) => void;
  onMoreReactions: (message: ChatMessage) => void;
  onJump: (messageId: string) => void;
  /** Shows the action bar of the message with this id, or none (null): one at a time. */
  onShowActions: (messageId: string | null) => void;
  onDelete?: ((message: ChatMessage) => void) | undefined;
  /** Mutes the message's writer for `duration`, or lifts their mute (null). */
  onMute?: ((message: ChatMessage, duration: MuteDuration | null) => void) | undefined;
}

interface MessageItemProps {
  message: ChatMessage;
  /** The message it answers, when held. */
  quoted: ChatMessage | null;
  myName: string | null;
  /** The station's clock: a message is timed on it, like every time the app shows. */
  stationClock: ClockSetting;
  actions: MessageActions;
  /** Whether its action bar is shown. */
  actionsShown: boolean;
}

export const messageDomId = (id: string) => `chat-message-${id}`;

/** The quick reactions offered in a message's action bar; any other comes from "More reactions". */
const QUICK_REACTIONS = CHAT_REACTIONS.slice(0, 3);

/**
 * A tap on the message itself (not on its link, quote, reactions or action bar, and not the end of
 * a text selection) shows or hides its actions: on a phone there is no hover to reveal them.
 */
function isTapOnMessage(event: MouseEvent<HTMLElement>): boolean {
  if (!(event.target instanceof Element) || event.target.closest('a, button, [role="group"]')) return false;
  const selection = window.getSelection();
  return selection === null || selection.isCollapsed;
}

/**
 * One confirmed message on one line where it fits: author (the station's marked), time, text, then
 * the quoted reply above and the reactions as compact chips below. Its actions (reply, react, and the
 * station's delete and mute) are one "Message actions" button away, revealed on hover and on focus,
 * shown by a tap on the message: a row of buttons under every message would leave room for four.
 */
export const MessageItem = memo(function MessageItem({
  message,
  quoted,
  myName,
  stationClock,
  actions,
  actionsShown,
}: MessageItemProps) {
  const { t } = useLingui();
  const name = message.name;
  const item = useRef<HTMLLIElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  /** Whether the bar was asked for with its button (a click or a key): then the focus goes into it. */
  const focusBar = useRef(false);
  const myKey = myName === null ? null : chatNameKey(myName);
  const mine = myKey !== null && chatNameKey(message.name) === myKey;
  const mentionsMe = myKey !== null && message.mentions.some((name) => chatNameKey(name) === myKey);
  const classes = ['chat-message'];
  if (mine) classes.push('chat-message--mine');
  if (message.admin) classes.push('chat-message--admin');
  if (mentionsMe) classes.push('chat-message--mentions-me');
  if (message.deleted) classes.push('chat-message--deleted');
  if (actionsShown) classes.push('chat-message--actions-shown');
  const barId = `${messageDomId(message.id)}-actions`;
  const shown = actionsShown && !message.deleted;
  const { onShowActions } = actions;
  const hideBar = useCallback(() => onShowActions(null), [onShowActions]);

  /** Hides the bar; a keyboard user inside it lands back on its button (or the message, once removed). */
  const hideActions = (focus: 'toggle' | 'message' = 'toggle') => {
    const focusInside =
      item.current?.contains(document.activeElement) && document.activeElement !== item.current;
    hideBar();
    if (focusInside) (focus === 'toggle' ? toggle.current : item.current)?.focus();
  };

  return (
    <li
      ref={item}
      className={classes.join(' ')}
      id={messageDomId(message.id)}
      tabIndex={-1}
      onClick={(event) => {
        if (message.deleted || !isTapOnMessage(event)) return;
        focusBar.current = false;
        actions.onShowActions(actionsShown ? null : message.id);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !shown) return;
        event.stopPropagation();
        hideBar();
        toggle.current?.focus();
      }}
      onBlur={(event) => {
        // The keyboard moved on to another message or the composer.
        const to = event.relatedTarget;
        if (shown && to instanceof Node && !event.currentTarget.contains(to)) hideBar();
      }}
    >
      {message.replyTo ? (
        <ReplyQuote quoted={quoted} onJump={() => message.replyTo && actions.onJump(message.replyTo)} />
      ) : null}
      <p className="chat-message__line">
        <span className="chat-message__name">{mine ? t`${name} (you)` : name}</span>
        {message.admin ? (
          <span className="chat-message__badge">
            <Trans>Station</Trans>
          </span>
        ) : null}
        {mentionsMe ? (
          <span className="chat-message__badge chat-message__badge--mention">
            <Trans>Mentions you</Trans>
          </span>
        ) : null}
        <time className="chat-message__time" dateTime={new Date(message.createdAt).toISOString()}>
          {formatClockTime(new Date(message.createdAt), stationClock)}
        </time>
        <span className="chat-message__text">
          {message.deleted ? (
            <em>{t`message removed` /* core CHAT_REMOVED_TEXT, in the app's language */}</em>
          ) : (
            <MessageText text={message.text} mentions={message.mentions} myName={myName} />
          )}
        </span>
      </p>
      {message.deleted ? null : (
        <>
          <Reactions message={message} myKey={myKey} onReact={(emoji) => actions.onReact(message, emoji)} />
          <button
            ref={toggle}
            type="button"
            className="chat-message__more"
            aria-label={t`Message actions`}
            aria-expanded={shown}
            aria-controls={shown ? barId : undefined}
            onClick={() => {
              focusBar.current = true;
              actions.onShowActions(shown ? null : message.id);
            }}
          >
            <span aria-hidden="true">⋯</span>
          </button>
        </>
      )}
      {shown ? (
        <ActionBar
          id={barId}
          label={t`Actions for ${name}'s message`}
          focusFirst={focusBar.current}
          item={item}
          onOutsidePress={hideBar}
        >
          <button
            type="button"
            onClick={() => {
              hideActions();
              actions.onReply(message);
            }}
          >
            <Trans>Reply</Trans>
          </button>
          {QUICK_REACTIONS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-label={t`React ${emoji}`}
              onClick={() => {
                hideActions();
                actions.onReact(message, emoji);
              }}
            >
              {emoji}
            </button>
          ))}
          <button
            type="button"
            aria-label={t`More reactions`}
            onClick={() => actions.onMoreReactions(message)}
          >
            +🙂
          </button>
          {actions.onDelete ? (
            <button
              type="button"
              className="chat-message__danger"
              onClick={() => {
                hideActions('message');
                actions.onDelete?.(message);
              }}
            >
              <Trans>Delete</Trans>
            </button>
          ) : null}
          {actions.onMute && !mine ? (
            <MuteMenu name={message.name} onPick={(duration) => actions.onMute?.(message, duration)} />
          ) : null}
        </ActionBar>
      ) : null}
    </li>
  );
});

/**
 * A message's action bar, under it while shown. It scrolls into view (the message may be the last
 * one, at the composer's edge), takes the focus when its button asked for it, and closes on a press
 * anywhere outside the message.
 */
function ActionBar({
  id,
  label,
  focusFirst,
  item,
  onOutsidePress,
  children,
}: {
  id: string;
  label: string;
  focusFirst: boolean;
  item: RefObject<HTMLLIElement | null>;
  onOutsidePress: () => void;
  children: ReactNode;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    // jsdom has no scrollIntoView.
    if (typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'nearest' });
    if (focusFirst) element.querySelector('button')?.focus();
    // Only as it opens: focusing again on a later render would pull the focus back from its buttons.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node && item.current?.contains(event.target))) onOutsidePress();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [item, onOutsidePress]);
  return (
    <div ref={bar} id={id} className="chat-message__actions" role="group" aria-label={label}>
      {children}
    </div>
  );
}

function ReplyQuote({ quoted, onJump }: { quoted: ChatMessage | null; onJump: () => void }) {
  const { t } = useLingui();
  if (!quoted)
    return (
      <p className="chat-message__quote">
        <Trans>Replying to an earlier message</Trans>
      </p>
    );
  const name = quoted.name;
  // A removed message's text is core CHAT_REMOVED_TEXT, the server's English: shown in the app's language.
  const excerpt = quoted.deleted ? t`message removed` : quoted.text.slice(0, 120);
  return (
    <button
      type="button"
      className="chat-message__quote"
      onClick={onJump}
      aria-label={t`Replying to ${name}: ${excerpt}. Go to that message`}
    >
      <strong>{quoted.name}</strong> {excerpt}
    </button>
  );
}

function Reactions({
  message,
  myKey,
  onReact,
}: {
  message: ChatMessage;
  myKey: string | null;
  onReact: (emoji: string) => void;
}) {
  const { t } = useLingui();
  if (message.reactions.length === 0) return null;
  return (
    <ul className="chat-reactions" aria-label={t`Reactions`}>
      {message.reactions.map((reaction) => {
        const mine = myKey !== null && reaction.names.some((name) => chatNameKey(name) === myKey);
        const count = reaction.names.length;
        const emoji = reaction.emoji;
        const names = reaction.names.join(', ');
        return (
          <li key={reaction.emoji}>
            <button
              type="button"
              className={mine ? 'chat-reaction chat-reaction--mine' : 'chat-reaction'}
              aria-pressed={mine}
              aria-label={t`${emoji} ${count}: ${names}`}
              onClick={() => onReact(reaction.emoji)}
            >
              {reaction.emoji} <span>{count}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** One of my messages the server has not confirmed yet (pending), or refused (failed, with Retry). */
export function OutgoingItem({
  message,
  myName,
  onRetry,
  onDiscard,
}: {
  message: OutgoingMessage;
  myName: string | null;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { t } = useLingui();
  const name = myName;
  const failed = message.status === 'failed';
  return (
    <li className={`chat-message chat-message--mine chat-message--${message.status}`}>
      <p className="chat-message__line">
        <span className="chat-message__name">{name === null ? t`You` : t`${name} (you)`}</span>
        <span className="chat-message__status">{failed ? t`Not sent` : t`Sending…`}</span>
        <span className="chat-message__text">
          <MessageText text={message.text} mentions={[]} myName={myName} />
        </span>
      </p>
      {failed ? (
        <div className="chat-message__failure" role="alert">
          <span>{message.error}</span>
          <button type="button" onClick={onRetry}>
            <Trans>Retry</Trans>
          </button>
          <button type="button" onClick={onDiscard}>
            <Trans>Discard</Trans>
          </button>
        </div>
      ) : null}
    </li>
  );
}
