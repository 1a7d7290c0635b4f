import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ShortcutRow } from './ShortcutRow.tsx';

const row = () => (
  <MemoryRouter>
    <ShortcutRow social={{ instagram: 'https://insta.test/fm' }} />
  </MemoryRouter>
);

describe('ShortcutRow', () => {
  it('is prerendered as the plain row even once Swiper’s chunk is loaded, as the app first draws it', async () => {
    const { container } = render(row());
    // In the browser the row becomes Swiper when its chunk arrives; the lazy component is then resolved.
    await vi.waitFor(() => expect(container.querySelector('.swiper')).not.toBeNull());
    const prerendered = renderToString(row());
    expect(prerendered).toContain('home-shortcuts__plain');
    expect(prerendered).not.toContain('swiper');
  });
});
