import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { PublicStation } from '@onair/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShortcutRow } from './ShortcutRow.tsx';

const ALL_SOCIAL = {
  mixcloud: 'https://mixcloud.test/fm',
  facebook: 'https://facebook.test/fm',
  instagram: 'https://insta.test/fm',
};
const PAGE_PX = 352;

function renderRow(social: PublicStation['social'] = ALL_SOCIAL, tiles = 7) {
  const scrollTo = vi.fn();
  render(
    <MemoryRouter>
      <ShortcutRow social={social} />
    </MemoryRouter>,
  );
  const row = screen.getByRole('list');
  Object.defineProperty(row, 'clientWidth', { value: PAGE_PX });
  // Four tiles a page: with seven the second page is three quarters full.
  Object.defineProperty(row, 'scrollWidth', { value: (PAGE_PX * tiles) / 4 });
  row.scrollTo = scrollTo as typeof row.scrollTo;
  return { row, scrollTo };
}

/** The markup with each style attribute rewritten from its parsed declarations ("a:b" → "a: b;"). */
function withStylesAsTheDomWritesThem(root: HTMLElement): string {
  for (const element of root.querySelectorAll<HTMLElement>('[style]')) {
    element.setAttribute('style', element.style.cssText);
  }
  return root.innerHTML;
}

const dot = (page: number) => screen.getByRole('button', { name: `Shortcuts page ${page}` });

describe('ShortcutRow', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('prerenders exactly what the app draws first, dots included', () => {
    const row = (
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <ShortcutRow social={ALL_SOCIAL} />
        </MemoryRouter>
      </I18nProvider>
    );
    const { container } = render(row);
    const prerendered = document.createElement('div');
    prerendered.innerHTML = renderToString(row);
    expect(withStylesAsTheDomWritesThem(prerendered)).toBe(withStylesAsTheDomWritesThem(container));
  });

  it('pages of four with a dot each; the dot of the page in view is current', () => {
    renderRow();
    expect(screen.getAllByRole('link')).toHaveLength(7);
    expect(screen.getAllByRole('button', { name: /^Shortcuts page/ })).toHaveLength(2);
    expect(dot(1)).toHaveAttribute('aria-current', 'true');
    expect(dot(2)).not.toHaveAttribute('aria-current');
  });

  it('a dot scrolls to its page, smoothly unless the listener asked for less motion', () => {
    const { scrollTo } = renderRow();
    fireEvent.click(dot(2));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: PAGE_PX, behavior: 'smooth' });
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
    }));
    fireEvent.click(dot(1));
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'auto' });
  });

  it('a swipe moves the current dot to the page it lands on', () => {
    const { row } = renderRow();
    row.scrollLeft = PAGE_PX / 2;
    fireEvent.scroll(row);
    expect(dot(2)).toHaveAttribute('aria-current', 'true');
    expect(dot(1)).not.toHaveAttribute('aria-current');
    row.scrollLeft = 0;
    fireEvent.scroll(row);
    expect(dot(1)).toHaveAttribute('aria-current', 'true');
  });

  it('a last page of one tile is current once the row is scrolled to its end', () => {
    const { row } = renderRow({ instagram: ALL_SOCIAL.instagram }, 5);
    row.scrollLeft = PAGE_PX / 4;
    fireEvent.scroll(row);
    expect(dot(2)).toHaveAttribute('aria-current', 'true');
  });

  it('has no dots when the shortcuts fit on one page', () => {
    renderRow({}, 4);
    expect(screen.getAllByRole('link')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /^Shortcuts page/ })).toBeNull();
  });
});
