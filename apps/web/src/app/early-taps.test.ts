import { afterEach, describe, expect, it } from 'vitest';
import { keepEarlyTaps } from './early-taps.ts';

/** A container holding the prerender's markup. */
function prerendered(html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/** The app's render over the prerender, whose buttons answer: what they were clicked as, in order. */
function drawApp(container: HTMLElement, html: string): string[] {
  const clicks: string[] = [];
  container.innerHTML = html;
  container
    .querySelectorAll('button')
    .forEach((button, index) =>
      button.addEventListener('click', () =>
        clicks.push(`${index}:${button.getAttribute('aria-label') ?? button.textContent}`),
      ),
    );
  return clicks;
}

afterEach(() => document.body.replaceChildren());

describe('taps on the prerendered screen', () => {
  it("go to the app's button of the same name once it has drawn the screen", () => {
    const markup = '<button>Play</button><button aria-label="Add Aoife to favourites">♡</button>';
    const container = prerendered(markup);
    const taps = keepEarlyTaps(container);
    container.querySelector('button')?.click();
    const clicks = drawApp(container, markup);
    expect(clicks).toEqual([]);
    taps.replay();
    expect(clicks).toEqual(['0:Play']);
  });

  it('are the app’s alone to replay: a click kept never reaches a root listener hydration added', () => {
    const markup = '<button>Play</button>';
    const container = prerendered(markup);
    const taps = keepEarlyTaps(container);
    // React listens on the root from hydrateRoot on, and replays a click on a part not yet hydrated:
    // that and the kept tap made two clicks, Play then Pause.
    const seenByRoot: string[] = [];
    container.addEventListener(
      'click',
      (event) => seenByRoot.push((event.target as Element).textContent ?? ''),
      true,
    );
    container.querySelector('button')?.click();
    expect(seenByRoot).toEqual([]);
    const clicks = drawApp(container, markup);
    taps.replay();
    expect(clicks).toEqual(['0:Play']);
    expect(seenByRoot).toEqual(['Play']);
  });

  it('find the same one of several buttons with one name, and a second tap is not a toggle', () => {
    const markup = ['Monday', 'Tuesday']
      .map(() => '<button aria-label="Add Aoife to favourites">♡</button>')
      .join('');
    const container = prerendered(markup);
    const taps = keepEarlyTaps(container);
    const second = container.querySelectorAll('button')[1];
    second?.click();
    second?.click();
    const clicks = drawApp(container, markup);
    taps.replay();
    expect(clicks).toEqual(['1:Add Aoife to favourites']);
  });

  it('are dropped when the button is named otherwise by then, and not kept after the replay', () => {
    const container = prerendered('<button aria-label="Add Aoife to favourites">♡</button>');
    const taps = keepEarlyTaps(container);
    container.querySelector('button')?.click();
    // The listener's stored favourites already hold the show.
    const clicks = drawApp(container, '<button aria-label="Remove Aoife from favourites">♥</button>');
    taps.replay();
    container.querySelector('button')?.click();
    expect(clicks).toEqual(['0:Remove Aoife from favourites']);
  });

  it('do not post a prerendered form', () => {
    const container = prerendered('<form><button>Join</button></form>');
    let posted = false;
    container.querySelector('form')?.addEventListener('submit', (event) => {
      posted = true;
      event.preventDefault();
    });
    keepEarlyTaps(container);
    container.querySelector('button')?.click();
    expect(posted).toBe(false);
  });

  it("give the keyboard's place to the app's button of the same name", () => {
    const markup = '<button>Mute</button><button>Play</button>';
    const container = prerendered(markup);
    const taps = keepEarlyTaps(container);
    container.querySelectorAll('button')[1]?.focus();
    drawApp(container, markup);
    expect(document.activeElement).toBe(document.body);
    taps.replay();
    expect(document.activeElement).toBe(container.querySelectorAll('button')[1]);
  });

  it('leave the focus alone once it moved elsewhere on the page', () => {
    const outside = document.createElement('input');
    document.body.append(outside);
    const container = prerendered('<button>Play</button>');
    const taps = keepEarlyTaps(container);
    container.querySelector('button')?.focus();
    outside.focus();
    drawApp(container, '<button>Play</button>');
    taps.replay();
    expect(document.activeElement).toBe(outside);
  });
});
