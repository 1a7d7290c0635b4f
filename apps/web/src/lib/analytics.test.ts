import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerAnalyticsSink, track, type AnalyticsEvent } from './analytics.ts';

describe('Do-Not-Track and Global Privacy Control', () => {
  let events: AnalyticsEvent[];
  let unregister: () => void;
  beforeEach(() => {
    events = [];
    unregister = registerAnalyticsSink((event) => events.push(event));
  });
  afterEach(() => {
    unregister();
    Reflect.deleteProperty(navigator, 'globalPrivacyControl');
    Reflect.deleteProperty(navigator, 'doNotTrack');
  });

  it.each([
    ['Global Privacy Control', 'globalPrivacyControl', true],
    ['Do-Not-Track', 'doNotTrack', '1'],
  ])('sends nothing when %s is on', (_label, property, value) => {
    track('chat_close', {});
    expect(events).toHaveLength(1);
    Object.defineProperty(navigator, property, { value, configurable: true });
    track('chat_close', {});
    track('sleep_timer_start', { timer_minutes: 15, is_custom_time: false });
    expect(events).toHaveLength(1);
  });
});
