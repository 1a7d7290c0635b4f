import { describe, expect, it } from 'vitest';
import { ANALYTICS_MAX_EVENTS_PER_BATCH, analyticsBatchSchema } from './analytics-events.ts';

const batch = (events: unknown[], extra: object = {}) => ({
  events,
  app_id: 'fiwl-radio',
  platform_type: 'web_browser',
  user_agent: 'Mozilla/5.0',
  ...extra,
});

describe('analyticsBatchSchema', () => {
  it('accepts every spec event with its documented params', () => {
    const events = [
      { name: 'chat_close', params: {}, at: 1 },
      { name: 'message_sent', params: { has_reply: true, has_mentions: false }, at: 1 },
      { name: 'reaction_given', params: { reaction_type: '❤️' }, at: 1 },
      { name: 'emoji_modal_open', params: {}, at: 1 },
      { name: 'sleep_timer_start', params: { timer_minutes: 30, is_custom_time: false }, at: 1 },
      { name: 'sleep_timer_complete', params: {}, at: 1 },
      { name: 'sleep_timer_cancel', params: {}, at: 1 },
      { name: 'social_media_click', params: { platform: 'mixcloud' }, at: 1 },
      { name: 'show_favorited', params: { show_id: 'a|b', show_name: 'Early Doors' }, at: 1 },
      { name: 'show_unfavorited', params: { show_id: 'a|b', show_name: 'Early Doors' }, at: 1 },
    ];
    expect(analyticsBatchSchema.safeParse(batch(events)).success).toBe(true);
  });

  it.each([
    ['an unknown name', { name: 'page_view', params: {}, at: 1 }],
    ['an extra param', { name: 'chat_close', params: { email: 'a@b.c' }, at: 1 }],
    ['a missing param', { name: 'message_sent', params: { has_reply: true }, at: 1 }],
    [
      'a param of the wrong type',
      { name: 'sleep_timer_start', params: { timer_minutes: '30', is_custom_time: false }, at: 1 },
    ],
    [
      'minutes out of the timer range',
      { name: 'sleep_timer_start', params: { timer_minutes: 481, is_custom_time: true }, at: 1 },
    ],
    ['an unknown platform', { name: 'social_media_click', params: { platform: 'tiktok' }, at: 1 }],
    [
      'a show name over the limit',
      { name: 'show_favorited', params: { show_id: 'x', show_name: 'x'.repeat(121) }, at: 1 },
    ],
    ['no time', { name: 'chat_close', params: {} }],
  ])('refuses %s', (_label, event) => {
    expect(analyticsBatchSchema.safeParse(batch([event])).success).toBe(false);
  });

  it('refuses an empty batch, one over the limit, an unknown platform_type or an extra field', () => {
    const one = { name: 'chat_close', params: {}, at: 1 };
    expect(analyticsBatchSchema.safeParse(batch([])).success).toBe(false);
    expect(
      analyticsBatchSchema.safeParse(batch(Array(ANALYTICS_MAX_EVENTS_PER_BATCH).fill(one))).success,
    ).toBe(true);
    expect(
      analyticsBatchSchema.safeParse(batch(Array(ANALYTICS_MAX_EVENTS_PER_BATCH + 1).fill(one))).success,
    ).toBe(false);
    expect(analyticsBatchSchema.safeParse(batch([one], { platform_type: 'tv' })).success).toBe(false);
    expect(analyticsBatchSchema.safeParse(batch([one], { ip: '203.0.113.9' })).success).toBe(false);
  });
});
