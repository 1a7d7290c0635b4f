import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubAppApi, testStation, withoutWebGl } from '../test/fixtures.ts';
import { renderAppAt } from '../test/render-app.tsx';

describe('app routes', () => {
  beforeEach(() => {
    stubAppApi();
    withoutWebGl();
  });

  it('renders Home at / inside the shell', async () => {
    renderAppAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Test FM' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Test FM' })).toHaveAttribute('src', '/images/logo.svg');
    expect(screen.getByText(testStation.tagline)).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    // The background's renderer is loaded after the screen: without WebGL it leaves the CSS gradient.
    await waitFor(() =>
      expect(screen.getByTestId('shader-background')).toHaveAttribute('data-renderer', 'fallback'),
    );
  });

  it('renders the schedule placeholder whose Close link returns Home', async () => {
    const router = renderAppAt('/schedule');
    expect(await screen.findByRole('heading', { name: "Today's Schedule" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Test FM' })).toBeInTheDocument();
  });

  it('lazy-loads the chat, which asks a first-time listener for a name and closes to Home', async () => {
    stubAppApi({
      'GET /api/chat/session': { status: 204 },
      'GET /api/chat/messages?limit=50': { body: { messages: [] } },
    });
    const router = renderAppAt('/chat');
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Your name in the chat' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows its own error page for an unknown path, with a way back to the player', async () => {
    const errors = vi.spyOn(console, 'error');
    const router = renderAppAt('/nope');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
    // React Router's developer hint about errorElement is not shown (nor logged).
    expect(screen.queryByText(/errorElement|ErrorBoundary/)).toBeNull();
    expect(errors).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('link', { name: 'Back to the player' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Test FM' })).toBeInTheDocument();
  });
});
