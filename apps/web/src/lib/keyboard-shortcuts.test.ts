import { afterEach, describe, expect, it } from 'vitest';
import { ariaShortcut, shortcutFor, SHORTCUTS, type ShortcutKeyEvent } from './keyboard-shortcuts.ts';

function press(
  key: string,
  target: EventTarget | null,
  extra: Partial<ShortcutKeyEvent> = {},
): ShortcutKeyEvent {
  return {
    key,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    shiftKey: false,
    repeat: false,
    isComposing: false,
    defaultPrevented: false,
    target,
    ...extra,
  };
}

function mount<T extends HTMLElement>(html: string, selector: string): T {
  document.body.innerHTML = html;
  const element = document.body.querySelector<T>(selector);
  if (!element) throw new Error(`no ${selector} in ${html}`);
  return element;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('shortcutFor', () => {
  it('maps each key on the page itself to its action', () => {
    const body = document.body;
    expect(shortcutFor(press(' ', body))).toBe('play-pause');
    expect(shortcutFor(press('k', body))).toBe('play-pause');
    expect(shortcutFor(press('m', body))).toBe('mute');
    expect(shortcutFor(press('ArrowUp', body))).toBe('volume-up');
    expect(shortcutFor(press('ArrowDown', body))).toBe('volume-down');
    expect(shortcutFor(press('c', body))).toBe('focus-chat');
    expect(shortcutFor(press('?', body, { shiftKey: true }))).toBe('show-help');
    expect(shortcutFor(press('x', body))).toBeNull();
    expect(shortcutFor(press('Enter', body))).toBeNull();
  });

  it.each([
    ['an input', '<input id="f" />'],
    ['a textarea', '<textarea id="f"></textarea>'],
    ['a select', '<select id="f"><option>a</option></select>'],
    ['a contenteditable region', '<div contenteditable="true"><p id="f">text</p></div>'],
    ['a plaintext-only region', '<div id="f" contenteditable="plaintext-only"></div>'],
  ])('ignores every key while typing in %s', (_, html) => {
    const field = mount(html, '#f');
    for (const key of [' ', 'k', 'm', 'ArrowUp', 'ArrowDown', 'c']) {
      expect(shortcutFor(press(key, field))).toBeNull();
    }
    expect(shortcutFor(press('?', field, { shiftKey: true }))).toBeNull();
  });

  it('still acts inside a region whose contenteditable is "false"', () => {
    const inside = mount('<div contenteditable="false"><span id="f">x</span></div>', '#f');
    expect(shortcutFor(press('m', inside))).toBe('mute');
  });

  it.each([
    ['Control', { ctrlKey: true }],
    ['Alt', { altKey: true }],
    ['Meta', { metaKey: true }],
  ])('ignores keys held with %s (the browser and system shortcuts)', (_, modifier) => {
    for (const key of [' ', 'k', 'm', 'ArrowUp', 'c', '?']) {
      expect(shortcutFor(press(key, document.body, modifier))).toBeNull();
    }
  });

  it('ignores Shift except for ?, which needs it', () => {
    expect(shortcutFor(press('K', document.body, { shiftKey: true }))).toBeNull();
    expect(shortcutFor(press(' ', document.body, { shiftKey: true }))).toBeNull();
    expect(shortcutFor(press('ArrowUp', document.body, { shiftKey: true }))).toBeNull();
    expect(shortcutFor(press('?', document.body, { shiftKey: true }))).toBe('show-help');
  });

  it('ignores a key already handled, or composing text (IME)', () => {
    expect(shortcutFor(press('k', document.body, { defaultPrevented: true }))).toBeNull();
    expect(shortcutFor(press('k', document.body, { isComposing: true }))).toBeNull();
  });

  it('repeats only the volume while a key is held', () => {
    expect(shortcutFor(press('ArrowUp', document.body, { repeat: true }))).toBe('volume-up');
    expect(shortcutFor(press('ArrowDown', document.body, { repeat: true }))).toBe('volume-down');
    expect(shortcutFor(press(' ', document.body, { repeat: true }))).toBeNull();
    expect(shortcutFor(press('m', document.body, { repeat: true }))).toBeNull();
  });

  it('leaves Space to a focused button or link, but k still plays', () => {
    const button = mount('<button id="f">Share</button>', '#f');
    expect(shortcutFor(press(' ', button))).toBeNull();
    expect(shortcutFor(press('k', button))).toBe('play-pause');
    expect(shortcutFor(press('m', button))).toBe('mute');
    const link = mount('<a id="f" href="/schedule">Schedule</a>', '#f');
    expect(shortcutFor(press(' ', link))).toBeNull();
  });

  it('leaves the arrows to a widget that moves with them', () => {
    const option = mount('<ul role="listbox"><li id="f" role="option">a</li></ul>', '#f');
    expect(shortcutFor(press('ArrowDown', option))).toBeNull();
    const cell = mount(
      '<div role="grid"><div role="row"><div id="f" role="gridcell">a</div></div></div>',
      '#f',
    );
    expect(shortcutFor(press('ArrowUp', cell))).toBeNull();
    expect(shortcutFor(press('m', cell))).toBe('mute');
  });

  it('does nothing inside an open dialog', () => {
    const inDialog = mount('<dialog open><button id="f">Close</button></dialog>', '#f');
    expect(shortcutFor(press('k', inDialog))).toBeNull();
    const inModal = mount('<div role="dialog" aria-modal="true"><p id="f">x</p></div>', '#f');
    expect(shortcutFor(press('m', inModal))).toBeNull();
  });
});

describe('ariaShortcut', () => {
  it('names the keys of each control while the shortcuts are on, nothing when off', () => {
    expect(ariaShortcut('play-pause', true)).toBe('Space K');
    expect(ariaShortcut('mute', true)).toBe('M');
    expect(ariaShortcut('focus-chat', true)).toBe('C');
    expect(ariaShortcut('play-pause', false)).toBeUndefined();
  });

  it('lists every action once', () => {
    const actions = SHORTCUTS.map((shortcut) => shortcut.action);
    expect(new Set(actions).size).toBe(actions.length);
    expect(actions).toHaveLength(6);
  });
});
