import { CHAT_REACTIONS, CHAT_REMOVED_TEXT, chatNameKey, type ChatMessage } from '@onair/core';
import { messageTime } from './chat-timeline.ts';
import type { OutgoingMessage } from './chat-service.ts';
import { MessageText } from './MessageText.tsx';
import { MuteMenu, type MuteDuration } from './MuteMenu.tsx';

export interface MessageActions {
  onReply: (message: ChatMessage) => void;
  onReact: (message: ChatMessage, emoji: string) => void;
  onMoreReactions: (message: ChatMessage) => void;
  onJump: (messageId: string) => void;
  onDelete?: ((message: ChatMessage) => void) | undefined;
  /** Mutes the message's writer for `duration`, or lifts their mute (null). */
  onMute?: ((message: ChatMessage, duration: MuteDuration | null) => void) | undefined;
}

interface MessageItemProps {
  message: ChatMessage;
  /** The message it answers, when held. */
  quoted: ChatMessage | null;
  myName: string | null;
  timeZone: string;
  actions: MessageActions;
}

export const messageDomId = (id: string) => `chat-message-${id}`;

/** One confirmed message: author (the station's marked), time, quoted reply, text, reactions and actions. */
export function MessageItem({ message, quoted, myName, timeZone, actions }: MessageItemProps) {
  const myKey = myName === null ? null : chatNameKey(myName);
  const mine = myKey !== null && chatNameKey(message.name) === myKey;
  const mentionsMe = myKey !== null && message.mentions.some((name) => chatNameKey(name) === myKey);
  const classes = ['chat-message'];
  if (mine) classes.push('chat-message--mine');
  if (message.admin) classes.push('chat-message--admin');
  if (mentionsMe) classes.push('chat-message--mentions-me');
  if (message.deleted) classes.push('chat-message--deleted');

  return (
    <li className={classes.join(' ')} id={messageDomId(message.id)} tabIndex={-1}>
      <p className="chat-message__meta">
        <span className="chat-message__name">{mine ? `${message.name} (you)` : message.name}</span>
        {message.admin ? <span className="chat-message__badge">Station</span> : null}
        <time className="chat-message__time" dateTime={new Date(message.createdAt).toISOString()}>
          {messageTime(message.createdAt, timeZone)}
        </time>
        {mentionsMe ? (
          <span className="chat-message__badge chat-message__badge--mention">Mentions you</span>
        ) : null}
      </p>
      {message.replyTo ? (
        <ReplyQuote quoted={quoted} onJump={() => message.replyTo && actions.onJump(message.replyTo)} />
      ) : null}
      <p className="chat-message__text">
        {message.deleted ? (
          <em>{CHAT_REMOVED_TEXT}</em>
        ) : (
          <MessageText text={message.text} mentions={message.mentions} myName={myName} />
        )}
      </p>
      {message.deleted ? null : (
        <>
          <Reactions message={message} myKey={myKey} onReact={(emoji) => actions.onReact(message, emoji)} />
          <div
            className="chat-message__actions"
            role="group"
            aria-label={`Actions for ${message.name}'s message`}
          >
            <button type="button" onClick={() => actions.onReply(message)}>
              Reply
            </button>
            {CHAT_REACTIONS.slice(0, 3).map((emoji) => (
              <button
                key={emoji}
                type="button"
                aria-label={`React ${emoji}`}
                onClick={() => actions.onReact(message, emoji)}
              >
                {emoji}
              </button>
            ))}
            <button
              type="button"
              aria-label="More reactions"
              onClick={() => actions.onMoreReactions(message)}
            >
              +🙂
            </button>
            {actions.onDelete ? (
              <button
                type="button"
                className="chat-message__danger"
                onClick={() => actions.onDelete?.(message)}
              >
                Delete
              </button>
            ) : null}
            {actions.onMute && !mine ? (
              <MuteMenu name={message.name} onPick={(duration) => actions.onMute?.(message, duration)} />
            ) : null}
          </div>
        </>
      )}
    </li>
  );
}

function ReplyQuote({ quoted, onJump }: { quoted: ChatMessage | null; onJump: () => void }) {
  if (!quoted) return <p className="chat-message__quote">Replying to an earlier message</p>;
  const excerpt = quoted.deleted ? CHAT_REMOVED_TEXT : quoted.text.slice(0, 120);
  return (
    <button
      type="button"
      className="chat-message__quote"
      onClick={onJump}
      aria-label={`Replying to ${quoted.name}: ${excerpt}. Go to that message`}
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
  if (message.reactions.length === 0) return null;
  return (
    <ul className="chat-reactions" aria-label="Reactions">
      {message.reactions.map((reaction) => {
        const mine = myKey !== null && reaction.names.some((name) => chatNameKey(name) === myKey);
        const count = reaction.names.length;
        return (
          <li key={reaction.emoji}>
            <button
              type="button"
              className={mine ? 'chat-reaction chat-reaction--mine' : 'chat-reaction'}
              aria-pressed={mine}
              aria-label={`${reaction.emoji} ${count}: ${reaction.names.join(', ')}`}
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
  const failed = message.status === 'failed';
  return (
    <li className={`chat-message chat-message--mine chat-message--${message.status}`}>
      <p className="chat-message__meta">
        <span className="chat-message__name">{myName ? `${myName} (you)` : 'You'}</span>
        <span className="chat-message__status">{failed ? 'Not sent' : 'Sending…'}</span>
      </p>
      <p className="chat-message__text">
        <MessageText text={message.text} mentions={[]} myName={myName} />
      </p>
      {failed ? (
        <div className="chat-message__failure" role="alert">
          <span>{message.error}</span>
          <button type="button" onClick={onRetry}>
            Retry
          </button>
          <button type="button" onClick={onDiscard}>
            Discard
          </button>
        </div>
      ) : null}
    </li>
  );
}
