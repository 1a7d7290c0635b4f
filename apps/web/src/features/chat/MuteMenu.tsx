import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHAT_MUTE_MAX_MINUTES } from '@onair/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MuteDuration {
  minutes: number;
  /** For the menu and the toast ("1 hour"), in the app's language. */
  label: MessageDescriptor;
}

/** How long the station may mute a chatter from a message's actions; the longest is the server's limit. */
export const MUTE_DURATIONS: readonly MuteDuration[] = [
  { minutes: 10, label: msg`10 minutes` },
  { minutes: 60, label: msg`1 hour` },
  { minutes: 24 * 60, label: msg`24 hours` },
  { minutes: CHAT_MUTE_MAX_MINUTES, label: msg`7 days` },
];

/** Where each key moves the focus in a menu of `count` items, from item `at` (wrapping around). */
const MENU_MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowUp: (at, count) => (at - 1 + count) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

interface MuteMenuProps {
  /** Whom the menu mutes: names the menu. */
  name: string;
  /** Mutes for `duration`, or lifts the mute (null). */
  onPick: (duration: MuteDuration | null) => void;
}

/**
 * The station's Mute in a message's actions: a menu button whose menu opens in the actions row (so the
 * chat's scroller never clips it) and offers how long, or Unmute. Arrows and Home/End move, Escape closes.
 */
export function MuteMenu({ name, onPick }: MuteMenuProps) {
  const { t, i18n } = useLingui();
  /** Closed, or open with focus on its first or last item. */
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    const all = items();
    (open === 'last' ? all.at(-1) : all[0])?.focus();
  }, [open]);

  // A press anywhere else closes it (focus leaving it by keyboard is handled on blur).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const pick = (duration: MuteDuration | null) => {
    close();
    onPick(duration);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
      return;
    }
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next = MENU_MOVES[event.key]?.(at, all.length) ?? null;
    if (next === null) return;
    event.preventDefault();
    all[next]?.focus();
  };

  return (
    <div
      ref={wrapper}
      className="chat-message__mute"
      onBlur={(event) => {
        const to = event.relatedTarget;
        if (to instanceof Node && !event.currentTarget.contains(to)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="chat-message__danger"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(open ? false : 'first')}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
        }}
      >
        <Trans>Mute</Trans>
        <span aria-hidden="true"> ▾</span>
      </button>
      {open ? (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t`Mute ${name}`}
          className="chat-message__mute-menu"
          onKeyDown={onMenuKeyDown}
        >
          {MUTE_DURATIONS.map((duration) => (
            <li key={duration.minutes} role="none">
              <button type="button" role="menuitem" tabIndex={-1} onClick={() => pick(duration)}>
                {i18n._(duration.label)}
              </button>
            </li>
          ))}
          <li role="separator" className="chat-message__mute-separator" />
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} onClick={() => pick(null)}>
              <Trans>Unmute</Trans>
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
