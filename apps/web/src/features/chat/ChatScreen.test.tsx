import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAnalyticsSink, type AnalyticsEvent } from '../../lib/analytics.ts';
import { readStored } from '../../lib/storage.ts';
import * as stored from '../../lib/stored.ts';
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
    // Moderation is the station's: a listener is offered neither Delete nor Mute.
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mute' })).not.toBeInTheDocument();
    expect(readStored(stored.lastSeenMessageTime)).toBe(chatMessage(3).createdAt);

    await userEvent.click(within(station as HTMLElement).getByRole('button', { name: 'Message actions' }));
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
      'GET /api/chat/session': { status: 204 },
      'POST /api/chat/session': {
        body: { error: 'Someone in the chat is using that name. Pick another.', code: 'chat_name_taken' },
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

  it('says "Connecting to chat..." until the server answers the session', async () => {
    let answerSession: (response: Response) => void = () => {};
    stubAppApi({
      'GET /api/chat/session': () => new Promise<Response>((resolve) => (answerSession = resolve)),
      'GET /api/chat/messages?limit=50': { body: { messages: [chatMessage(1)] } },
    });
    renderAppAt('/chat');
    expect(await screen.findByText('Connecting to chat...')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Message' })).not.toBeInTheDocument();

    await act(async () => answerSession(Response.json({ name: 'Niamh', admin: false })));
    expect(await screen.findByRole('combobox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByText('Connecting to chat...')).not.toBeInTheDocument();
  });

  it('pages up with "Load earlier messages" until the start of the chat', async () => {
    const newest = Array.from({ length: 50 }, (_, index) => chatMessage(index + 51));
    stubAppApi({
      'GET /api/chat/session': { body: { name: 'Niamh', admin: false } },
      'GET /api/chat/messages?limit=50': { body: { messages: newest } },
      'GET /api/chat/messages?limit=50&before=51': {
        body: { messages: [chatMessage(49, { text: 'the first word' }), chatMessage(50)] },
      },
    });
    renderAppAt('/chat');
    await screen.findByText('message 51');
    expect(screen.queryByText('the first word')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('the first word')).toBeInTheDocument();
    expect(screen.getByText('This is the start of the chat.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('counts what arrives while the listener reads older messages, and takes them to it', async () => {
    stubAppApi({
      'GET /api/chat/session': { body: { name: 'Niamh', admin: false } },
      'GET /api/chat/messages?limit=50': { body: { messages: [chatMessage(1), chatMessage(2)] } },
    });
    const { client, sockets } = fakeRealtime();
    renderAppAt('/chat', { realtime: client });
    await screen.findByText('message 2');
    sockets[0]?.open();

    // The listener has scrolled up: 600 px of conversation below what they read.
    const scroller = document.querySelector<HTMLElement>('.chat-room__scroller');
    if (!scroller) throw new Error('no chat scroller');
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 300 });
    const scrollTo = vi.fn();
    scroller.scrollTo = scrollTo;
    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);

    for (const n of [3, 4]) {
      act(() =>
        sockets[0]?.receive({
          topic: 'chat',
          version: n,
          data: { type: 'message', message: chatMessage(n) },
        }),
      );
    }
    await screen.findByText('message 4');
    expect(scroller.scrollTop).toBe(100);
    await userEvent.click(screen.getByRole('button', { name: '2 new messages ↓' }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 1000 }));
    expect(screen.queryByRole('button', { name: /new message/ })).not.toBeInTheDocument();
  });

  it("shows a message's actions on a tap and from its keyboard-reachable button, one message at a time", async () => {
    stubAppApi({
      'GET /api/chat/session': { body: { name: 'Niamh', admin: false } },
      'GET /api/chat/messages?limit=50': {
        body: {
          messages: [
            chatMessage(1, { name: 'Aoife', text: 'who is on tonight?' }),
            chatMessage(2, { name: 'Cian', text: 'the resident' }),
          ],
        },
      },
    });
    renderAppAt('/chat');
    const aoife = (await screen.findByText('who is on tonight?')).closest('li') as HTMLElement;
    const cian = screen.getByText('the resident').closest('li') as HTMLElement;
    // No row of buttons under every message: only each message's one "Message actions" button.
    expect(screen.queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();

    // A tap on a message shows its actions; a tap on another moves them there.
    await userEvent.click(screen.getByText('who is on tonight?'));
    expect(within(aoife).getByRole('group', { name: "Actions for Aoife's message" })).toBeInTheDocument();
    await userEvent.click(screen.getByText('the resident'));
    expect(screen.getAllByRole('group', { name: /^Actions for / })).toHaveLength(1);
    expect(within(cian).getByRole('group', { name: "Actions for Cian's message" })).toBeInTheDocument();
    await userEvent.click(screen.getByText('the resident'));
    expect(screen.queryByRole('group', { name: /^Actions for / })).not.toBeInTheDocument();

    // By keyboard: the button opens them with the focus on the first, Escape closes them back onto it.
    const button = within(aoife).getByRole('button', { name: 'Message actions' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(aoife).getByRole('button', { name: 'Reply' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: /^Actions for / })).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    // Reply leads to the message field.
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'Message' })).toHaveFocus();
    expect(screen.getByText(/^Replying to/)).toHaveTextContent('Replying to Aoife: who is on tonight?');
  });

  /** The station's view of one message from Cian, with POST /api/chat/mutes answered by `mute`. */
  async function renderAsStation(mute: () => Response, more: Parameters<typeof stubAppApi>[0] = {}) {
    const muteRoute = vi.fn(mute);
    stubAppApi({
      'GET /api/chat/session': { body: { name: 'Station Admin', admin: true } },
      'GET /api/chat/messages?limit=50': {
        body: { messages: [chatMessage(1, { name: 'Cian', text: 'buy cheap watches' })] },
      },
      'POST /api/chat/mutes': muteRoute,
      ...more,
    });
    renderAppAt('/chat');
    await userEvent.click(await screen.findByRole('button', { name: 'Message actions' }));
    const actions = screen.getByRole('group', { name: "Actions for Cian's message" });
    const minutesSent = () =>
      (muteRoute.mock.calls as unknown as [{ init?: RequestInit }][]).map(
        ([request]) => (JSON.parse(String(request.init?.body)) as { minutes: number }).minutes,
      );
    return { actions, muteButton: within(actions).getByRole('button', { name: 'Mute' }), minutesSent };
  }

  const muted = (minutes: number) =>
    Response.json({ name: 'Cian', mutedUntil: minutes === 0 ? null : NOW.getTime() + minutes * 60_000 });

  it('lets the station delete a message and mute its writer for the time it chooses', async () => {
    const remove = vi.fn(() => Response.json(null));
    const { actions, muteButton, minutesSent } = await renderAsStation(() => muted(60), {
      [`DELETE /api/chat/messages/${chatMessage(1).id}`]: remove,
    });
    expect(muteButton).toHaveAttribute('aria-haspopup', 'menu');
    expect(muteButton).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(muteButton);
    const menu = within(actions).getByRole('menu', { name: 'Mute Cian' });
    expect(muteButton).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['10 minutes', '1 hour', '24 hours', '7 days', 'Unmute']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: '1 hour' }));
    expect(await screen.findByText('Cian is muted for 1 hour.')).toBeInTheDocument();
    expect(minutesSent()).toEqual([60]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(muteButton).toHaveFocus();

    await userEvent.click(within(actions).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
  });

  it('works the Mute menu from the keyboard: arrows, Home/End, Escape and Tab, and lifts a mute with Unmute', async () => {
    const answers = [muted(10_080), muted(0)];
    const { muteButton: firstMuteButton, minutesSent } = await renderAsStation(
      () => answers.shift() ?? muted(0),
    );
    let muteButton = firstMuteButton;
    const focusedItem = () => (document.activeElement as HTMLElement).textContent;

    muteButton.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menu', { name: 'Mute Cian' })).toBeInTheDocument();
    expect(focusedItem()).toBe('10 minutes');
    await userEvent.keyboard('{ArrowUp}');
    expect(focusedItem()).toBe('Unmute');
    await userEvent.keyboard('{Home}');
    expect(focusedItem()).toBe('10 minutes');
    await userEvent.keyboard('{End}');
    expect(focusedItem()).toBe('Unmute');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(muteButton).toHaveFocus();
    expect(muteButton).toHaveAttribute('aria-expanded', 'false');

    await userEvent.keyboard('{ArrowDown}');
    expect(focusedItem()).toBe('10 minutes');
    await userEvent.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // Tab left the message, which closed its action bar too: its button opens it again.
    expect(screen.queryByRole('group', { name: "Actions for Cian's message" })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Message actions' }));
    muteButton = screen.getByRole('button', { name: 'Mute' });

    muteButton.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(focusedItem()).toBe('7 days');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Cian is muted for 7 days.')).toBeInTheDocument();
    expect(muteButton).toHaveFocus();

    await userEvent.keyboard('{ArrowUp}');
    expect(focusedItem()).toBe('Unmute');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Cian is no longer muted.')).toBeInTheDocument();
    expect(minutesSent()).toEqual([10_080, 0]);
  });

  it('closes the Mute menu on a press elsewhere, and says when the server refused the mute', async () => {
    const { actions, muteButton, minutesSent } = await renderAsStation(() =>
      Response.json({ error: 'Only the station can do that.' }, { status: 403 }),
    );
    await userEvent.click(muteButton);
    await userEvent.click(actions);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await userEvent.click(muteButton);
    await userEvent.click(screen.getByRole('menuitem', { name: '24 hours' }));
    expect(await screen.findByText(/^The listener was not muted: /)).toBeInTheDocument();
    expect(minutesSent()).toEqual([24 * 60]);
  });
});
