import { describe, expect, it } from 'vitest';
import { favoriteId } from '../schedule/favorites.ts';
import { SLOT_TEXT_MAX_CHARS } from '../schedule/schedule-schema.ts';
import {
  ANALYTICS_EVENT_NAMES,
  ANALYTICS_MAX_EVENTS_PER_BATCH,
  ANALYTICS_OTHER_VALUE,
} from './analytics-constants.ts';
import { SHOW_ID_MAX_CHARS, analyticsBatchSchema, analyticsEventParams } from './analytics-events.ts';

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
      { name: 'show_favorited', params: { show_id: 'Aoife-Early Doors' }, at: 1 },
      { name: 'show_unfavorited', params: { show_id: 'Aoife-Early Doors' }, at: 1 },
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
    ['a show without its id', { name: 'show_favorited', params: { show_name: 'Early Doors' }, at: 1 }],
    [
      'a show id longer than any favourite id',
      { name: 'show_favorited', params: { show_id: 'x'.repeat(SHOW_ID_MAX_CHARS + 1) }, at: 1 },
    ],
    [
      'a reaction that is text',
      { name: 'reaction_given', params: { reaction_type: 'sign in at evil.example' }, at: 1 },
    ],
    ['two emoji as one reaction', { name: 'reaction_given', params: { reaction_type: '👍👍' }, at: 1 }],
    [
      'a fractional timer length',
      { name: 'sleep_timer_start', params: { timer_minutes: 30.5, is_custom_time: true }, at: 1 },
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

describe('analytics parameters', () => {
  it('has parameters for exactly the events the app may name', () => {
    expect(Object.keys(analyticsEventParams)).toEqual([...ANALYTICS_EVENT_NAMES]);
  });

  it("takes an older app's show name beside the id, and drops it: only the id goes on", () => {
    const parsed = analyticsBatchSchema.parse(
      batch([
        {
          name: 'show_unfavorited',
          params: { show_id: 'Aoife-Early Doors', show_name: 'Early Doors' },
          at: 1,
        },
      ]),
    );
    expect(parsed.events[0]?.params).toEqual({ show_id: 'Aoife-Early Doors' });
  });

  it('takes the longest favourite id a schedule can give', () => {
    const longest = favoriteId({
      artist: 'a'.repeat(SLOT_TEXT_MAX_CHARS),
      show: 's'.repeat(SLOT_TEXT_MAX_CHARS),
    });
    expect(longest).toHaveLength(SHOW_ID_MAX_CHARS);
    expect(analyticsEventParams.show_favorited.safeParse({ show_id: longest }).success).toBe(true);
  });

  it('leaves the value that counts past the daily limit to the server: no parameter accepts it', () => {
    expect(
      analyticsEventParams.reaction_given.safeParse({ reaction_type: ANALYTICS_OTHER_VALUE }).success,
    ).toBe(false);
    // A favourite id always holds the dash between artist and show; the other bucket has none.
    expect(ANALYTICS_OTHER_VALUE).not.toContain('-');
  });
});
