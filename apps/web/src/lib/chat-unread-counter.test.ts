import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatMessage, fakeRealtime, newestChatMessages, stubApi } from '../test/fixtures.ts';
import { ChatUnreadCounter } from './chat-unread-counter.ts';
import { markChatSeen } from './chat-unread.ts';
import { readStored, writeStored } from './storage.ts';
import { stored } from './stored.ts';

describe('ChatUnreadCounter (the Home badge)', () => {
  beforeEach(() => localStorage.clear());

  it('counts live messages newer than lastSeenMessageTime, then follows the topic from the newest seq it read', async () => {
    const seen = chatMessage(2).createdAt;
    writeStored(stored.lastSeenMessageTime, seen);
    stubApi(
      newestChatMessages([
        chatMessage(1),
        chatMessage(2),
        chatMessage(3),
        chatMessage(4, { deleted: true }),
        chatMessage(5),
      ]),
    );
    const { client, sockets } = fakeRealtime();
    const counter = new ChatUnreadCounter();
    const stop = counter.start(client);
    await waitFor(() => expect(counter.count).toBe(2)); // 3 and 5; 4 was removed

    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([{ type: 'subscribe', topics: ['chat'], versions: { chat: 5 } }]);
    act(() =>
      sockets[0]?.receive({ topic: 'chat', version: 6, data: { type: 'message', message: chatMessage(6) } }),
    );
    expect(counter.count).toBe(3);
    act(() =>
      sockets[0]?.receive({
        topic: 'chat',
        version: 7,
        data: { type: 'deleted', message: chatMessage(3, { deleted: true }) },
      }),
    );
    expect(counter.count).toBe(2);

    // Opening the chat (here or in another tab) marks everything up to its newest message seen.
    act(() => markChatSeen(chatMessage(6).createdAt));
    expect(counter.count).toBe(0);
    stop();
  });

  it('counts nothing on a first visit: the newcomer starts at the newest message, and what comes after counts', async () => {
    stubApi(newestChatMessages([chatMessage(1), chatMessage(2), chatMessage(3)]));
    const { client, sockets } = fakeRealtime();
    const counter = new ChatUnreadCounter();
    const stop = counter.start(client);
    await waitFor(() => expect(readStored(stored.lastSeenMessageTime)).toBe(chatMessage(3).createdAt));
    expect(counter.count).toBe(0);

    sockets[0]?.open();
    act(() =>
      sockets[0]?.receive({ topic: 'chat', version: 4, data: { type: 'message', message: chatMessage(4) } }),
    );
    expect(counter.count).toBe(1);
    stop();
  });

  it('after a first visit to an empty room, every message written since counts, on a later visit too', async () => {
    stubApi(newestChatMessages([]));
    const first = new ChatUnreadCounter();
    const stopFirst = first.start(null);
    await waitFor(() => expect(readStored(stored.lastSeenMessageTime)).toBe(0));
    stopFirst();

    stubApi(newestChatMessages([chatMessage(1), chatMessage(2)]));
    const later = new ChatUnreadCounter();
    const stopLater = later.start(null);
    await waitFor(() => expect(later.count).toBe(2));
    stopLater();
  });

  it('never moves lastSeenMessageTime backwards', () => {
    markChatSeen(5_000);
    markChatSeen(4_000);
    expect(readStored(stored.lastSeenMessageTime)).toBe(5_000);
  });
});
