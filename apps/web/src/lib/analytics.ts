/**
 * The product's analytics events (spec §7). Features call `track`; where the events go is decided
 * by the sinks registered at start-up (a server sink later; tests register their own). With no
 * sink an event goes nowhere: analytics never affects a listener.
 */
export interface AnalyticsEvents {
  chat_close: Record<string, never>;
  message_sent: { has_reply: boolean; has_mentions: boolean };
  reaction_given: { reaction_type: string };
  emoji_modal_open: Record<string, never>;
  sleep_timer_start: { timer_minutes: number; is_custom_time: boolean };
  sleep_timer_complete: Record<string, never>;
  sleep_timer_cancel: Record<string, never>;
  social_media_click: { platform: 'mixcloud' | 'facebook' | 'instagram' };
  show_favorited: { show_id: string; show_name: string };
  show_unfavorited: { show_id: string; show_name: string };
}
export type AnalyticsEventName = keyof AnalyticsEvents;

export type PlatformType = 'native_app' | 'pwa' | 'web_browser';

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  params: Record<string, string | number | boolean>;
  /** Carried by every event (spec §7). */
  platform_type: PlatformType;
  user_agent: string;
  time: number;
}

export type AnalyticsSink = (event: AnalyticsEvent) => void;

const sinks = new Set<AnalyticsSink>();

/** Adds a sink; returns the function that removes it. */
export function registerAnalyticsSink(sink: AnalyticsSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

export function track<N extends AnalyticsEventName>(name: N, params: AnalyticsEvents[N]): void {
  const event: AnalyticsEvent = {
    name,
    params: { ...params },
    platform_type: platformType(),
    user_agent: navigator.userAgent,
    time: Date.now(),
  };
  for (const sink of sinks) {
    try {
      sink(event);
    } catch (error) {
      // Analytics errors are not user-visible (spec §8).
      console.warn('analytics sink failed', error);
    }
  }
}

export function platformType(): PlatformType {
  const capacitor = (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  if (capacitor?.isNativePlatform?.()) return 'native_app';
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone ? 'pwa' : 'web_browser';
}
