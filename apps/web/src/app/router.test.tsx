import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStationFetch, testStation, withoutWebGl } from '../test/fixtures.ts';
import { renderAppAt } from '../test/render-app.tsx';


describe('app routes', () => {
  beforeEach(() => {
    stubStationFetch();
    withoutWebGl();
  });

  it('renders Home at / inside the shell', async () => {
    renderAppAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Test FM' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Test FM' })).toHaveAttribute('src', '/images/logo.svg');
    expect(screen.getByText(testStation.tagline)).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByTestId('shader-background')).toHaveAttribute('data-renderer', 'fallback');
  });

  it('renders the schedule placeholder whose Close link returns Home', async () => {
    const router = renderAppAt('/schedule');
    expect(await screen.findByRole('heading', { name: "Today's Schedule" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Test FM' })).toBeInTheDocument();
  });

  it('lazy-loads the chat placeholder, which also closes to Home', async () => {
    const router = renderAppAt('/chat');
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.getByText('Chat is coming soon.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the router's default error page for an unknown path", async () => {
    // React Router logs the 404 it renders; the page itself is what this test checks.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAppAt('/nope');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
    expect(screen.queryByRole('main')).toBeNull();
  });
});
