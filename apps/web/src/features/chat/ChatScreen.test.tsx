import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAnalyticsSink, type AnalyticsEvent } from '../../lib/analytics.ts';
import { readStored } from '../../lib/storage.ts';
import { stored } from '../../lib/stored.ts';
import { chatMessage, fakeRealtime, stubAppApi, withoutWebGl } from '../../test/fixtures.ts';
import { renderAppAt } from '../../test/render-app.tsx';

const NOW = new Date('2026-03-02T19:30:00Z');

describe('ChatScreen', () => {
  const events: AnalyticsEvent[] = [];
  let unregister: () => void;
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    withoutWebGl();
    events.length = 0;
    unregister = registerAnalyticsSink((event) => events.push(event));
  });
  afterEach(() => {
    unregister();
    vi.useRealTimers();
  });

  it('shows my messages, the station’s and mentions of me apart, announces live ones, and marks them seen', async () => {
    const reactions = vi.fn(() =>
      Response.json({ messageId: chatMessage(2).id, reactions: [{ emoji: '🪩', names: ['Niamh'] }] }),
    );
    stubAppApi({
      'GET /api/chat/session': { body: { name: 'Niamh', admin: false } },
      'GET /api/chat/messages?limit=50': {
        body: {
          messages: [
            chatMessage(1, { name: 'Niamh', text: 'evening all' }),
            chatMessage(2, {
              name: 'Station Admin',
              admin: true,
              text: 'welcome @Niamh',
              mentions: ['Niamh'],
            }),
          ],
        },
      },
      [`PUT /api/chat/messages/${chatMessage(2).id}/reactions/${encodeURIComponent('🪩')}`]: reactions,
    });
    const { client, sockets } = fakeRealtime();
    renderAppAt('/chat', { realtime: client });

    const mine = (await screen.findByText('Niamh (you)')).closest('li');
    expect(mine).toHaveClass('chat-message--mine');
    const station = screen.getByText('welcome').closest('li');
    expect(station).toHaveClass('chat-message--admin', 'chat-message--mentions-me');
    expect(within(station as HTMLElement).getByText('Station')).toBeInTheDocument();
    expect(within(station as HTMLElement).getByText('Mentions you')).toBeInTheDocument();
    expect(screen.getByText('Today')).toBeInTheDocument();
    expect(readStored(stored.lastSeenMessageTime)).toBe(chatMessage(2).createdAt);

    sockets[0]?.open();
    act(() =>
      sockets[0]?.receive({
        topic: 'chat',
        version: 3,
        data: { type: 'message', message: chatMessage(3, { name: 'Cian', text: 'tune!' }) },
      }),
    );
    expect(await screen.findByText('Cian says: tune!')).toBeInTheDocument();
    expect(readStored(stored.lastSeenMessageTime)).toBe(chatMessage(3).createdAt);

    await userEvent.click(within(station as HTMLElement).getByRole('button', { name: 'More reactions' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a reaction' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'React 🪩' }));
    expect(
      await within(station as HTMLElement).findByRole('button', { name: '🪩 1: Niamh' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(events.map((event) => [event.name, event.params])).toEqual([
      ['emoji_modal_open', {}],
      ['reaction_given', { reaction_type: '🪩' }],
    ]);
  });

  it('prefills the name prompt from chat_username and says why the server refused it', async () => {
    localStorage.setItem('playfm_chat_username', 'Seán');
    stubAppApi({
      'GET /api/chat/session': { body: { error: 'Choose a chat name first.' }, status: 401 },
      'POST /api/chat/session': {
        body: { error: 'Someone in the chat is using that name. Pick another.' },
        status: 409,
      },
      'GET /api/chat/messages?limit=50': { body: { messages: [] } },
    });
    renderAppAt('/chat');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That name is taken by another listener in the chat. Choose another.',
    );
    expect(screen.getByRole('textbox', { name: 'Your name in the chat' })).toHaveValue('Seán');
  });

  it('closes to Home and counts chat_close', async () => {
    stubAppApi({
      'GET /api/chat/session': { body: { name: 'Niamh', admin: false } },
      'GET /api/chat/messages?limit=50': { body: { messages: [] } },
    });
    const router = renderAppAt('/chat');
    await screen.findByText('No messages yet. Say hello!');
    await userEvent.click(screen.getByRole('link', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/');
    expect(events.map((event) => event.name)).toEqual(['chat_close']);
  });
});
