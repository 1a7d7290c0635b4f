import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatMessage, fakeRealtime, newestChatMessages, stubApi } from '../test/fixtures.ts';
import { ChatFollower, LATEST_KEPT } from './chat-follower.ts';
import { markChatSeen } from './chat-unread.ts';
import { readStored, writeStored } from './storage.ts';
import * as stored from './stored.ts';

describe('ChatFollower: the Home badge', () => {
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
    const counter = new ChatFollower();
    const stop = counter.start(client);
    await waitFor(() => expect(counter.unread).toBe(2)); // 3 and 5; 4 was removed

    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([{ type: 'subscribe', topics: ['chat'], versions: { chat: 5 } }]);
    act(() =>
      sockets[0]?.receive({ topic: 'chat', version: 6, data: { type: 'message', message: chatMessage(6) } }),
    );
    expect(counter.unread).toBe(3);
    act(() =>
      sockets[0]?.receive({
        topic: 'chat',
        version: 7,
        data: { type: 'deleted', message: chatMessage(3, { deleted: true }) },
      }),
    );
    expect(counter.unread).toBe(2);

    // Opening the chat (here or in another tab) marks everything up to its newest message seen.
    act(() => markChatSeen(chatMessage(6).createdAt));
    expect(counter.unread).toBe(0);
    stop();
  });

  it('counts nothing on a first visit: the newcomer starts at the newest message, and what comes after counts', async () => {
    stubApi(newestChatMessages([chatMessage(1), chatMessage(2), chatMessage(3)]));
    const { client, sockets } = fakeRealtime();
    const counter = new ChatFollower();
    const stop = counter.start(client);
    await waitFor(() => expect(readStored(stored.lastSeenMessageTime)).toBe(chatMessage(3).createdAt));
    expect(counter.unread).toBe(0);

    sockets[0]?.open();
    act(() =>
      sockets[0]?.receive({ topic: 'chat', version: 4, data: { type: 'message', message: chatMessage(4) } }),
    );
    expect(counter.unread).toBe(1);
    stop();
  });

  it('after a first visit to an empty room, every message written since counts, on a later visit too', async () => {
    stubApi(newestChatMessages([]));
    const first = new ChatFollower();
    const stopFirst = first.start(null);
    await waitFor(() => expect(readStored(stored.lastSeenMessageTime)).toBe(0));
    stopFirst();

    stubApi(newestChatMessages([chatMessage(1), chatMessage(2)]));
    const later = new ChatFollower();
    const stopLater = later.start(null);
    await waitFor(() => expect(later.unread).toBe(2));
    stopLater();
  });

  it('holds the newest messages not removed, oldest first, for the pop-out player, and tells each change', async () => {
    const page = Array.from({ length: LATEST_KEPT + 2 }, (_, index) => chatMessage(index + 1));
    stubApi(newestChatMessages(page));
    const { client, sockets } = fakeRealtime();
    const follower = new ChatFollower();
    let told = 0;
    follower.subscribe(() => (told += 1));
    const stop = follower.start(client);
    const seqs = () => follower.latest.map((message) => message.seq);
    await waitFor(() => expect(seqs()).toEqual([3, 4, 5, 6, 7, 8]));

    sockets[0]?.open();
    const before = told;
    act(() =>
      sockets[0]?.receive({ topic: 'chat', version: 9, data: { type: 'message', message: chatMessage(9) } }),
    );
    expect(seqs()).toEqual([4, 5, 6, 7, 8, 9]);
    expect(told).toBeGreaterThan(before);
    act(() =>
      sockets[0]?.receive({
        topic: 'chat',
        version: 10,
        data: { type: 'deleted', message: chatMessage(8, { deleted: true }) },
      }),
    );
    expect(seqs()).toEqual([4, 5, 6, 7, 9]);
    // A reaction changes no line.
    const quiet = told;
    act(() =>
      sockets[0]?.receive({
        topic: 'chat',
        version: 11,
        data: { type: 'reactions', messageId: chatMessage(9).id, reactions: [] },
      }),
    );
    expect(seqs()).toEqual([4, 5, 6, 7, 9]);
    expect(told).toBe(quiet);
    stop();
  });

  it('never moves lastSeenMessageTime backwards', () => {
    markChatSeen(5_000);
    markChatSeen(4_000);
    expect(readStored(stored.lastSeenMessageTime)).toBe(5_000);
  });
});
