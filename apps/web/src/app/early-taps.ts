/**
 * Taps on the prerendered screen, kept until the app runs. The server's screen is painted before the
 * app's code has run (main.tsx), and its buttons do nothing by themselves: a listener who taps Play in
 * that second would otherwise have to tap again. Each tap is remembered by the button's name, and the
 * app's own button of that name is clicked once it has drawn the screen. A button whose name changed
 * in between (a favourite the listener's stored list already holds) is left alone rather than guessed.
 * The keyboard's place is kept the same way: the app's button takes the focus the prerendered one had.
 */

interface EarlyTap {
  name: string;
  /** Which of the buttons with that name (a week lists "Add to favourites" buttons by show name, but
   *  a show can run on several days). */
  occurrence: number;
}

const BUTTONS = 'button, [role="button"]';

function buttonName(button: Element): string {
  return (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();
}

function buttonsNamed(container: HTMLElement, name: string): Element[] {
  return [...container.querySelectorAll(BUTTONS)].filter((button) => buttonName(button) === name);
}

export interface EarlyTaps {
  /** Stops keeping taps and gives the kept ones, in order, to the app's buttons. */
  replay(): void;
}

/** Which button `button` is, by name and occurrence; null for one without a name. */
function identify(container: HTMLElement, button: Element): EarlyTap | null {
  const name = buttonName(button);
  return name === '' ? null : { name, occurrence: buttonsNamed(container, name).indexOf(button) };
}

function find(container: HTMLElement, tap: EarlyTap): HTMLElement | null {
  const button = buttonsNamed(container, tap.name)[tap.occurrence];
  return button instanceof HTMLElement ? button : null;
}

export function keepEarlyTaps(container: HTMLElement): EarlyTaps {
  const taps: EarlyTap[] = [];
  /** The prerendered button the keyboard is on: the app's own takes the focus over. */
  let focused: EarlyTap | null = null;
  const keep = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest(BUTTONS) : null;
    if (!button || !container.contains(button)) return;
    // A prerendered submit button would post its form and load the page anew.
    event.preventDefault();
    // Kept, it is the replay's alone: React's root listener (added by hydrateRoot, after this one)
    // would replay a click on a part not yet hydrated too, and the two made Play then Pause.
    event.stopImmediatePropagation();
    const tap = identify(container, button);
    // A second tap on a button that did not answer is the same wish again, not a toggle.
    if (tap && !taps.some((kept) => kept.name === tap.name && kept.occurrence === tap.occurrence))
      taps.push(tap);
  };
  const follow = (event: FocusEvent) => {
    const button = event.target instanceof Element ? event.target.closest(BUTTONS) : null;
    focused = button ? identify(container, button) : null;
  };
  const leave = (event: FocusEvent) => {
    // Moved elsewhere on the page; a button taken out of the page (the app's render) has no successor.
    if (event.relatedTarget instanceof Node && !container.contains(event.relatedTarget)) focused = null;
  };
  container.addEventListener('click', keep, true);
  container.addEventListener('focusin', follow);
  container.addEventListener('focusout', leave);
  return {
    replay() {
      container.removeEventListener('click', keep, true);
      container.removeEventListener('focusin', follow);
      container.removeEventListener('focusout', leave);
      // The prerendered button left the page with the focus on it, which fell back to the body.
      const target = focused && !container.contains(document.activeElement) ? find(container, focused) : null;
      target?.focus();
      for (const tap of taps.splice(0)) find(container, tap)?.click();
    },
  };
}
