import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The app's keyboard shortcuts (issue 34): which key does what, and when a key press is not ours.
 * Pure apart from reading the focused element's place in the page; the listener that acts on them is
 * app/keyboard-shortcuts/. The controls carry the same keys in `aria-keyshortcuts`, so screen readers
 * announce them with the control.
 */

export type ShortcutAction = 'play-pause' | 'mute' | 'volume-up' | 'volume-down' | 'focus-chat' | 'show-help';

export interface Shortcut {
  action: ShortcutAction;
  /** The keys as the help dialog shows them (a key's name, such as Space, in the app's language). */
  keys: readonly (string | MessageDescriptor)[];
  /** The same keys in `aria-keyshortcuts` syntax (alternatives separated by spaces). */
  aria: string;
  description: MessageDescriptor;
}

/** Every shortcut, in the order the help dialog lists them. */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    action: 'play-pause',
    keys: [msg({ message: 'Space', context: 'key' }), 'K'],
    aria: 'Space K',
    description: msg`Play or pause`,
  },
  { action: 'mute', keys: ['M'], aria: 'M', description: msg`Mute or unmute` },
  { action: 'volume-up', keys: ['↑'], aria: 'ArrowUp', description: msg`Volume up` },
  { action: 'volume-down', keys: ['↓'], aria: 'ArrowDown', description: msg`Volume down` },
  { action: 'focus-chat', keys: ['C'], aria: 'C', description: msg`Write in the chat` },
  { action: 'show-help', keys: ['?'], aria: 'Shift+?', description: msg`Show these shortcuts` },
];

/** How much one ↑ or ↓ moves the volume (0..1 scale). */
export const VOLUME_STEP = 0.1;

/** `aria-keyshortcuts` for a control, or undefined while the listener has the shortcuts off. */
export function ariaShortcut(action: ShortcutAction, enabled: boolean): string | undefined {
  return enabled ? SHORTCUTS.find((shortcut) => shortcut.action === action)?.aria : undefined;
}

const ACTION_BY_KEY: Readonly<Record<string, ShortcutAction>> = {
  ' ': 'play-pause',
  k: 'play-pause',
  m: 'mute',
  ArrowUp: 'volume-up',
  ArrowDown: 'volume-down',
  c: 'focus-chat',
  '?': 'show-help',
};

/** Where keys type text: every form field and editable region (a checkbox too: Space is its own). */
const TYPING_TARGETS = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
/** Where Space presses the focused control itself. */
const SPACE_TARGETS =
  'button, a[href], summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="option"], [role="tab"]';
/** Widgets whose arrows move within them (a listbox, a grid of slots, a slider...). */
const ARROW_TARGETS =
  '[role="listbox"], [role="menu"], [role="menubar"], [role="radiogroup"], [role="slider"], [role="tablist"], [role="tree"], [role="grid"], [role="spinbutton"], [role="scrollbar"]';
/** An open dialog keeps its keys: the page behind it is inert. */
const DIALOG_TARGETS = 'dialog[open], [aria-modal="true"]';

/** The parts of a KeyboardEvent the decision reads (a plain object in tests). */
export interface ShortcutKeyEvent {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  repeat: boolean;
  isComposing: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

const isElement = (target: EventTarget | null): target is Element =>
  typeof Element !== 'undefined' && target instanceof Element;

/**
 * The shortcut a key press asks for, or null when the press is not ours: a modifier is held (the
 * browser's and the system's own shortcuts), the listener is typing or composing, a dialog is open,
 * someone handled the key already (a grid's arrows), Space would press the focused button, or
 * arrows would move in the focused widget. Held keys repeat only the volume.
 */
export function shortcutFor(event: ShortcutKeyEvent): ShortcutAction | null {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.altKey || event.metaKey)
    return null;
  const action = ACTION_BY_KEY[event.key];
  if (!action) return null;
  // '?' is Shift+/ on most layouts; any other key with Shift is not ours (K, M, C are left alone).
  if (event.shiftKey && action !== 'show-help') return null;
  const volume = action === 'volume-up' || action === 'volume-down';
  if (event.repeat && !volume) return null;
  const target = isElement(event.target) ? event.target : null;
  if (!target) return action;
  if (target.closest(TYPING_TARGETS) || (target instanceof HTMLElement && target.isContentEditable))
    return null;
  if (target.closest(DIALOG_TARGETS)) return null;
  if (event.key === ' ' && target.closest(SPACE_TARGETS)) return null;
  if (volume && target.closest(ARROW_TARGETS)) return null;
  return action;
}

/**
 * The chat's message box (or, before the listener has a name, the name field), marked so `c` finds
 * it wherever the chat is drawn.
 */
export const CHAT_FIELD_ATTRIBUTE = 'data-chat-field';

/** The chat field on the page, if any. */
export function findChatField(root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[${CHAT_FIELD_ATTRIBUTE}]`);
}

/** Router state with which `c` opens /chat from another screen, asking for the message box. */
export const FOCUS_CHAT_STATE = { focusChat: true } as const;

export const isFocusChatRequest = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { focusChat?: unknown }).focusChat === true;
