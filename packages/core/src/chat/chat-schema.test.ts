import { describe, expect, it } from 'vitest';
import { clientFrameSchema, serverFrameSchema } from '../realtime/frames.ts';
import { chatSessionBodySchema } from './chat-name.ts';
import {
  CHAT_MESSAGE_MAX_CHARS,
  chatEventSupersession,
  chatFrameSchema,
  chatMessagesQuerySchema,
  chatReactionParamSchema,
  postChatMessageBodySchema,
  type ChatMessage,
} from './chat-schema.ts';

const id = '0b7e6f1c-2f7a-4c55-9a43-2f1e3b4c5d6e';

describe('chat request bodies', () => {
  it('a session body gives the normalized name', () => {
    expect(chatSessionBodySchema.parse({ name: '  Seán  Óg ' })).toEqual({ name: 'Seán Óg' });
    expect(chatSessionBodySchema.safeParse({ name: 'x' }).success).toBe(false);
  });

  it('a message is trimmed text of 1..500 characters, counted as characters not UTF-16 units', () => {
    expect(postChatMessageBodySchema.parse({ id, text: ' hi \r\n there ' })).toEqual({
      id,
      text: 'hi \n there',
    });
    expect(
      postChatMessageBodySchema.safeParse({ id, text: '😀'.repeat(CHAT_MESSAGE_MAX_CHARS) }).success,
    ).toBe(true);
    expect(
      postChatMessageBodySchema.safeParse({ id, text: 'x'.repeat(CHAT_MESSAGE_MAX_CHARS + 1) }).success,
    ).toBe(false);
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

  it('a reaction is read as it is kept: VS16 normalised, anything but one RGI emoji refused', () => {
    expect(chatReactionParamSchema.parse('👍\uFE0F')).toBe('👍');
    expect(chatReactionParamSchema.parse('\u2764')).toBe('❤️');
    const refused = chatReactionParamSchema.safeParse('😀\u200D😀');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Not a reaction.');
  });
});

describe('chat frames', () => {
  it('a client resumes chat by seq while schedule keeps its version', () => {
    expect(
      clientFrameSchema.safeParse({
        type: 'subscribe',
        topics: ['schedule', 'chat'],
        versions: { schedule: 3, chat: 41 },
      }).success,
    ).toBe(true);
  });

  it('a chat frame is a server frame whose data is one room event', () => {
    const frame = {
      topic: 'chat',
      version: 7,
      data: { type: 'reactions', messageId: id, reactions: [{ emoji: '🔥', names: ['Ann'] }] },
    };
    expect(chatFrameSchema.parse(frame)).toEqual(frame);
    expect(serverFrameSchema.safeParse(frame).success).toBe(true);
    expect(chatFrameSchema.safeParse({ ...frame, data: { type: 'shout' } }).success).toBe(false);
  });
});

describe('which chat events a resume may leave out', () => {
  const message: ChatMessage = {
    id,
    seq: 1,
    name: 'Ann',
    text: 'hi',
    replyTo: null,
    mentions: [],
    reactions: [],
    createdAt: 0,
    deleted: false,
    admin: false,
  };
  it("a message's newest reactions list replaces its earlier ones; its tombstone replaces it and its reactions", () => {
    expect(chatEventSupersession({ type: 'message', message })).toEqual({
      key: `message:${id}`,
      replaces: [],
    });
    expect(chatEventSupersession({ type: 'reactions', messageId: id, reactions: [] })).toEqual({
      key: `reactions:${id}`,
      replaces: [`reactions:${id}`],
    });
    expect(chatEventSupersession({ type: 'deleted', message: { ...message, deleted: true } })).toEqual({
      key: `deleted:${id}`,
      replaces: [`message:${id}`, `reactions:${id}`],
    });
    expect(chatEventSupersession({ type: 'resync' })).toBeNull();
    expect(chatEventSupersession({ type: 'superseded' })).toBeNull();
  });
});
