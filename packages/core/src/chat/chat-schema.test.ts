import { describe, expect, it } from 'vitest';
import { chatFrameSchema, clientFrameSchema, serverFrameSchema } from '../realtime/frames.ts';
import { chatSessionBodySchema } from './chat-name.ts';
import { CHAT_MESSAGE_MAX_CHARS, chatMessagesQuerySchema, postChatMessageBodySchema } from './chat-schema.ts';

const id = '0b7e6f1c-2f7a-4c55-9a43-2f1e3b4c5d6e';

describe('chat request bodies', () => {
  it('a session body gives the normalized name', () => {
    expect(chatSessionBodySchema.parse({ name: '  Seán  Óg ' })).toEqual({ name: 'Seán Óg' });
    expect(chatSessionBodySchema.safeParse({ name: 'x' }).success).toBe(false);
  });

  it('a message is trimmed text of 1..500 characters, counted as characters not UTF-16 units', () => {
    expect(postChatMessageBodySchema.parse({ id, text: ' hi \r\n there ' })).toEqual({ id, text: 'hi \n there' });
    expect(postChatMessageBodySchema.safeParse({ id, text: '😀'.repeat(CHAT_MESSAGE_MAX_CHARS) }).success).toBe(true);
    expect(postChatMessageBodySchema.safeParse({ id, text: 'x'.repeat(CHAT_MESSAGE_MAX_CHARS + 1) }).success).toBe(false);
    expect(postChatMessageBodySchema.safeParse({ id, text: ' \n\t ' }).success).toBe(false);
    expect(postChatMessageBodySchema.safeParse({ id, text: 'a\u202Eb' }).success).toBe(false);
    expect(postChatMessageBodySchema.safeParse({ id: 'not-a-uuid', text: 'hi' }).success).toBe(false);
  });

  it('a history query takes limit 1..100 (50 when absent)', () => {
    expect(chatMessagesQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(chatMessagesQuerySchema.parse({ before: '9', limit: '100' })).toEqual({ before: 9, limit: 100 });
    expect(chatMessagesQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(chatMessagesQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('chat frames', () => {
  it('a client resumes chat by seq while schedule keeps its version', () => {
    expect(clientFrameSchema.safeParse({ type: 'subscribe', topics: ['schedule', 'chat'], versions: { schedule: 3, chat: 41 } }).success).toBe(true);
  });

  it('a chat frame is a server frame whose data is one room event', () => {
    const frame = { topic: 'chat', version: 7, data: { type: 'reactions', messageId: id, reactions: [{ emoji: '🔥', names: ['Ann'] }] } };
    expect(chatFrameSchema.parse(frame)).toEqual(frame);
    expect(serverFrameSchema.safeParse(frame).success).toBe(true);
    expect(chatFrameSchema.safeParse({ ...frame, data: { type: 'shout' } }).success).toBe(false);
  });
});
