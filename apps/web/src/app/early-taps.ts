/**
 * Taps on the prerendered screen, kept until the app runs. The server's screen is painted before the
 * app's code has run (main.tsx), and its buttons do nothing by themselves: a listener who taps Play in
 * that second would otherwise have to tap again. Each tap is remembered by the button's name, and the
 * app's own button of that name is clicked once it has drawn the screen. A button whose name changed
 * in between (a favourite the listener's stored list already holds) is left alone rather than guessed.
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

export function keepEarlyTaps(container: HTMLElement): EarlyTaps {
  const taps: EarlyTap[] = [];
  const keep = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest(BUTTONS) : null;
    if (!button || !container.contains(button)) return;
    // A prerendered submit button would post its form and load the page anew.
    event.preventDefault();
    const name = buttonName(button);
    if (name === '') return;
    const tap = { name, occurrence: buttonsNamed(container, name).indexOf(button) };
    // A second tap on a button that did not answer is the same wish again, not a toggle.
    if (!taps.some((kept) => kept.name === tap.name && kept.occurrence === tap.occurrence)) taps.push(tap);
  };
  container.addEventListener('click', keep, true);
  return {
    replay() {
      container.removeEventListener('click', keep, true);
      for (const tap of taps.splice(0)) {
        const button = buttonsNamed(container, tap.name)[tap.occurrence];
        if (button instanceof HTMLElement) button.click();
      }
    },
  };
}
