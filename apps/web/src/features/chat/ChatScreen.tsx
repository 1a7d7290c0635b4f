import { DEFAULT_STATION_TIME_ZONE, type ChatMessage } from '@onair/core';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { track } from '../../lib/analytics.ts';
import { readStored } from '../../lib/storage.ts';
import { stored } from '../../lib/stored.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useSchedule } from '../../lib/use-schedule.tsx';
import { useStation } from '../../lib/station-context.tsx';
import { prefersReducedMotion } from '../../ui/reduced-motion.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { useToast } from '../../ui/toast.tsx';
import '../../styles/chat.css';
import { buildTimeline, timelinePlaces } from './chat-timeline.ts';
import type { ChatService, ChatState } from './chat-service.ts';
import { Composer } from './Composer.tsx';
import { EmojiModal } from './EmojiModal.tsx';
import { messageDomId, MessageItem, OutgoingItem, type MessageActions } from './MessageItem.tsx';
import { NamePrompt } from './NamePrompt.tsx';
import { useChat } from './use-chat.ts';

/** How close to the bottom (px) still counts as "reading the latest". */
const AT_BOTTOM_PX = 48;

/** Loaded on demand (route `lazy`): the station's live chat room (spec §2 /chat). */
export function ChatScreen() {
  const { state, chat } = useChat();
  const phase = state.phase;
  return (
    <section className="screen chat-screen" aria-labelledby="screen-title">
      <ScreenHeader title="Chat" onClose={() => track('chat_close', {})} />
      {phase.kind === 'connecting' ? (
        <p className="chat-overlay" role="status">
          Connecting to chat...
        </p>
      ) : null}
      {phase.kind === 'needs-name' ? (
        <NamePrompt
          initialName={readStored(stored.chatUsername)}
          error={phase.error}
          onSubmit={(name) => void chat.join(name)}
        />
      ) : null}
      <ChatRoom state={state} chat={chat} />
    </section>
  );
}

function ChatRoom({ state, chat }: { state: ChatState; chat: ChatService }) {
  const { station } = useStation();
  const schedule = useSchedule();
  const toast = useToast();
  const online = useOnline();
  const timeZone = station?.timeZone ?? DEFAULT_STATION_TIME_ZONE;
  const myName = state.phase.kind === 'joined' ? state.phase.session.name : null;
  const isAdmin = state.phase.kind === 'joined' && state.phase.session.admin;
  const [replyingTo, setReplyingTo] = useState<ChatMessage | null>(null);
  const [reactingTo, setReactingTo] = useState<ChatMessage | null>(null);
  /** The message whose action bar is shown: one at a time. */
  const [actionsShownFor, setActionsShownFor] = useState<string | null>(null);

  const placeOf = useMemo(
    () => timelinePlaces(schedule.status === 'ready' ? schedule.schedule : null, timeZone),
    [schedule, timeZone],
  );
  const rows = useMemo(
    () => buildTimeline(state.messages, placeOf, timeZone, new Date()),
    [state.messages, placeOf, timeZone],
  );
  const byId = useMemo(
    () => new Map(state.messages.map((message) => [message.id, message])),
    [state.messages],
  );
  const recentNames = useMemo(
    () => [...new Set(state.messages.map((message) => message.name).reverse())],
    [state.messages],
  );

  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(0);
  const lastCount = useRef(0);
  const heightBeforeOlder = useRef<number | null>(null);

  // Follow the conversation while the listener reads the latest; otherwise count what arrived below.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const total = state.messages.length + state.outbox.length;
    if (heightBeforeOlder.current !== null) {
      // Older messages went in above: keep the same message under the listener's eyes.
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    } else if (total > lastCount.current) {
      setUnseen((count) => count + total - lastCount.current);
    }
    lastCount.current = total;
  }, [state.messages, state.outbox]);

  const loadOlder = () => {
    if (list.current) heightBeforeOlder.current = list.current.scrollHeight;
    void chat.loadOlder();
  };

  const scrollToLatest = () => {
    const element = list.current;
    if (!element) return;
    element.scrollTo({ top: element.scrollHeight, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    atBottom.current = true;
    chat.follow(true);
    setUnseen(0);
  };

  // One object for the whole life of the room (it changes only if the station signs in or out):
  // the rows are memoised, and a new object on every render would draw every one of them again.
  const actions = useMemo<MessageActions>(() => {
    const fail = (what: string) => (error: unknown) =>
      toast.show(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    return {
      onReply: (message) => setReplyingTo(message),
      onReact: (message, emoji) =>
        void chat.toggleReaction(message.id, emoji).catch(fail('The reaction was not saved')),
      onMoreReactions: (message) => {
        setReactingTo(message);
        track('emoji_modal_open', {});
      },
      onJump: (messageId) => {
        const target = document.getElementById(messageDomId(messageId));
        if (!target) return;
        target.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        target.focus({ preventScroll: true });
      },
      onShowActions: setActionsShownFor,
      onDelete: isAdmin
        ? (message) => void chat.remove(message.id).catch(fail('The message was not removed'))
        : undefined,
      onMute: isAdmin
        ? (message, duration) =>
            void chat
              .mute(message.name, duration?.minutes ?? 0)
              .then(() =>
                toast.show(
                  duration
                    ? `${message.name} is muted for ${duration.label}.`
                    : `${message.name} is no longer muted.`,
                ),
              )
              .catch(fail(duration ? 'The listener was not muted' : 'The listener was not unmuted'))
        : undefined,
    };
  }, [chat, isAdmin, toast]);

  return (
    <div className="chat-room">
      {!online ? (
        <p className="chat-room__notice" role="status">
          You are offline. Messages you write are sent when the connection returns.
        </p>
      ) : null}
      {state.loadError && state.messages.length === 0 ? (
        <p className="chat-room__notice" role="alert">
          The chat history could not be loaded ({state.loadError}).
        </p>
      ) : null}
      <div
        ref={list}
        className="chat-room__scroller"
        onScroll={(event) => {
          const element = event.currentTarget;
          atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < AT_BOTTOM_PX;
          chat.follow(atBottom.current);
          if (atBottom.current) setUnseen(0);
          if (element.scrollTop < AT_BOTTOM_PX && state.history === 'idle') loadOlder();
        }}
      >
        <HistoryControl
          history={state.history}
          hasMessages={state.messages.length > 0}
          onLoadOlder={loadOlder}
        />
        <ol className="chat-room__list" aria-label="Messages">
          {rows.map((row) =>
            row.kind === 'message' ? (
              <MessageItem
                key={row.key}
                message={row.message}
                quoted={row.message.replyTo ? (byId.get(row.message.replyTo) ?? null) : null}
                myName={myName}
                timeZone={timeZone}
                actions={actions}
                actionsShown={actionsShownFor === row.message.id}
              />
            ) : (
              <li key={row.key} className={`chat-separator chat-separator--${row.kind}`}>
                <span>{row.label}</span>
              </li>
            ),
          )}
          {state.outbox.map((message) => (
            <OutgoingItem
              key={message.id}
              message={message}
              myName={myName}
              onRetry={() => chat.retry(message.id)}
              onDiscard={() => chat.discard(message.id)}
            />
          ))}
        </ol>
        {state.messages.length === 0 && state.outbox.length === 0 && !state.loadError ? (
          <p className="chat-room__empty">No messages yet. Say hello!</p>
        ) : null}
      </div>
      {unseen > 0 ? (
        <button type="button" className="chat-room__latest" onClick={scrollToLatest}>
          {unseen === 1 ? '1 new message' : `${unseen} new messages`} ↓
        </button>
      ) : null}
      <LiveAnnouncement message={state.lastLive} />
      {state.phase.kind === 'joined' ? (
        <Composer
          recentNames={recentNames}
          myName={myName}
          replyingTo={replyingTo}
          onCancelReply={() => setReplyingTo(null)}
          offline={!online}
          onSend={(text) => {
            const refusal = chat.send(text, replyingTo?.id ?? null);
            if (refusal === null) {
              setReplyingTo(null);
              atBottom.current = true;
              chat.follow(true);
            }
            return refusal;
          }}
        />
      ) : null}
      <EmojiModal
        open={reactingTo !== null}
        onClose={() => setReactingTo(null)}
        onPick={(emoji) => {
          if (reactingTo) actions.onReact(reactingTo, emoji);
          setReactingTo(null);
        }}
      />
    </div>
  );
}

function HistoryControl({
  history,
  hasMessages,
  onLoadOlder,
}: {
  history: ChatState['history'];
  hasMessages: boolean;
  onLoadOlder: () => void;
}) {
  if (!hasMessages) return null;
  if (history === 'complete') return <p className="chat-room__start">This is the start of the chat.</p>;
  if (history === 'loading')
    return (
      <p className="chat-room__start" role="status">
        Loading earlier messages…
      </p>
    );
  return (
    <button type="button" className="chat-room__older" onClick={onLoadOlder}>
      {history === 'error' ? 'Earlier messages could not be loaded. Try again' : 'Load earlier messages'}
    </button>
  );
}

/** A polite live region: screen readers hear each new message from others without losing their place. */
function LiveAnnouncement({ message }: { message: ChatMessage | null }) {
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message ? `${message.name} says: ${message.text}` : ''}
    </p>
  );
}
