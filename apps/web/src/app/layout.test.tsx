import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubAppApi, withoutWebGl } from '../test/fixtures.ts';
import { renderAppAt } from '../test/render-app.tsx';

describe('the layout', () => {
  beforeEach(() => {
    localStorage.clear();
    stubAppApi();
    withoutWebGl();
  });

  it('opens the sleep timer from ?dialog=sleep-timer and closes it by dropping the parameter', async () => {
    const router = renderAppAt('/?dialog=sleep-timer');
    expect(await screen.findByRole('heading', { name: 'Sleep Timer' })).toBeInTheDocument();
    expect(screen.getByText('Start playing to use sleep timer')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close Sleep Timer' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('heading', { name: 'Sleep Timer' })).toBeNull();
  });

  it('links Home to the lazily loaded Stats view', async () => {
    const router = renderAppAt('/');
    await userEvent.click(await screen.findByRole('link', { name: 'Your listening stats' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Listening Stats' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/stats');
    expect(screen.queryByRole('link', { name: 'Your listening stats' })).toBeNull();
  });

  it('says so while the browser is offline', async () => {
    renderAppAt('/');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(/You’re offline\./)).toBeInTheDocument();
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(/You’re offline\./)).toBeNull();
  });
});
