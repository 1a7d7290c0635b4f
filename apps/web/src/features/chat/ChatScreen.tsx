import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { ChatMessage } from '@onair/core';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { track } from '../../lib/analytics.ts';
import { findChatField, isFocusChatRequest } from '../../lib/keyboard-shortcuts.ts';
import { readStored } from '../../lib/storage.ts';
import * as storedLater from '../../lib/stored-later.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useSchedule } from '../../lib/use-schedule.tsx';
import { useStationClock } from '../../lib/station-clock.ts';
import { prefersReducedMotion } from '../../ui/reduced-motion.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { useToast } from '../../ui/toast.tsx';
import { serverErrorText } from '../../lib/i18n/server-error.ts';
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
  const location = useLocation();
  // The `c` shortcut comes here from another screen asking for the message box.
  const focusKey = isFocusChatRequest(location.state) ? location.key : null;
  const { t } = useLingui();
  return (
    <section className="screen chat-screen" aria-labelledby="screen-title">
      <ScreenHeader title={t`Chat`} onClose={() => track('chat_close', {})} />
      <ChatBody focusKey={focusKey} focusNameOnJoin />
    </section>
  );
}

/**
 * The same room beside the music on a wide screen (app/wide), under a heading of its own. Its name
 * field does not take the focus when the page opens: the listener came for the music; `c` or a
 * visit to /chat (`focusKey`) brings them to it.
 */
export function ChatPanel({ focusKey }: { focusKey: string | null }) {
  return (
    <section className="chat-panel" aria-labelledby="chat-panel-title">
      <h2 id="chat-panel-title" className="chat-panel__title">
        <Trans>Chat</Trans>
      </h2>
      <ChatBody focusKey={focusKey} focusNameOnJoin={false} />
    </section>
  );
}

/**
 * The room with its connecting and name steps. `focusKey`: each new value puts the focus in the
 * chat's field once, as soon as there is one (the name field before joining, then the message box).
 */
function ChatBody({ focusKey, focusNameOnJoin }: { focusKey: string | null; focusNameOnJoin: boolean }) {
  const { state, chat } = useChat();
  const phase = state.phase;
  const focusedFor = useRef<string | null>(null);
  useEffect(() => {
    if (focusKey === null) return;
    // Once given, the focus is the listener's; it is given again only if the field that had it left
    // the page with it (a new step of the room replaced it) and nothing else took it.
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (focusedFor.current === focusKey && !lost) return;
    // The field can be in the page and still not take the focus (seen on a wide window's first load
    // of /chat: focus() here left it on the body while the wide view settled): try each frame, for a
    // second at most, until the focus is really there.
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const field = findChatField();
      field?.focus();
      if (field && document.activeElement === field) focusedFor.current = focusKey;
      else if ((tries += 1) < 60) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [focusKey, phase.kind]);
  return (
    <>
      {phase.kind === 'connecting' ? (
        <p className="chat-overlay" role="status">
          <Trans>Connecting to chat...</Trans>
        </p>
      ) : null}
      {phase.kind === 'needs-name' ? (
        <NamePrompt
          initialName={readStored(storedLater.chatUsername)}
          error={phase.error}
          autoFocus={focusNameOnJoin}
          onSubmit={(name) => void chat.join(name)}
        />
      ) : null}
      <ChatRoom state={state} chat={chat} />
    </>
  );
}

function ChatRoom({ state, chat }: { state: ChatState; chat: ChatService }) {
  const schedule = useSchedule();
  const toast = useToast();
  const { t, i18n } = useLingui();
  const online = useOnline();
  const stationClock = useStationClock();
  const { timeZone } = stationClock;
  const myName = state.phase.kind === 'joined' ? state.phase.session.name : null;
  const loadError = state.loadError;
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
    // The separators' words are in the app's language: drawn again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state.messages, placeOf, timeZone, i18n.locale],
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
    const fail = (what: string) => (error: unknown) => {
      const reason = serverErrorText(error);
      toast.show(t`${what}: ${reason}`);
    };
    return {
      onReply: (message) => setReplyingTo(message),
      onReact: (message, emoji) =>
        void chat.toggleReaction(message.id, emoji).catch(fail(t`The reaction was not saved`)),
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
        ? (message) => void chat.remove(message.id).catch(fail(t`The message was not removed`))
        : undefined,
      onMute: isAdmin
        ? (message, duration) => {
            const name = message.name;
            const howLong = duration ? i18n._(duration.label) : '';
            void chat
              .mute(name, duration?.minutes ?? 0)
              .then(() =>
                toast.show(duration ? t`${name} is muted for ${howLong}.` : t`${name} is no longer muted.`),
              )
              .catch(fail(duration ? t`The listener was not muted` : t`The listener was not unmuted`));
          }
        : undefined,
    };
  }, [chat, isAdmin, toast, t, i18n]);

  return (
    <div className="chat-room">
      {!online ? (
        <p className="chat-room__notice" role="status">
          <Trans>You are offline. Messages you write are sent when the connection returns.</Trans>
        </p>
      ) : null}
      {loadError && state.messages.length === 0 ? (
        <p className="chat-room__notice" role="alert">
          <Trans>The chat history could not be loaded ({loadError}).</Trans>
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
        <ol className="chat-room__list" aria-label={t`Messages`}>
          {rows.map((row) =>
            row.kind === 'message' ? (
              <MessageItem
                key={row.key}
                message={row.message}
                quoted={row.message.replyTo ? (byId.get(row.message.replyTo) ?? null) : null}
                myName={myName}
                stationClock={stationClock}
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
          <p className="chat-room__empty">
            <Trans>No messages yet. Say hello!</Trans>
          </p>
        ) : null}
      </div>
      {unseen > 0 ? (
        <button type="button" className="chat-room__latest" onClick={scrollToLatest}>
          <Plural value={unseen} one="# new message" other="# new messages" /> ↓
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
  if (history === 'complete')
    return (
      <p className="chat-room__start">
        <Trans>This is the start of the chat.</Trans>
      </p>
    );
  if (history === 'loading')
    return (
      <p className="chat-room__start" role="status">
        <Trans>Loading earlier messages…</Trans>
      </p>
    );
  return (
    <button type="button" className="chat-room__older" onClick={onLoadOlder}>
      {history === 'error' ? (
        <Trans>Earlier messages could not be loaded. Try again</Trans>
      ) : (
        <Trans>Load earlier messages</Trans>
      )}
    </button>
  );
}

/** A polite live region: screen readers hear each new message from others without losing their place. */
function LiveAnnouncement({ message }: { message: ChatMessage | null }) {
  const { t } = useLingui();
  const name = message?.name ?? '';
  const text = message?.text ?? '';
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message ? t`${name} says: ${text}` : ''}
    </p>
  );
}
