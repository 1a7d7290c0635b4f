// Public API of @onair/core: pure rules shared by the server and the web app.
export * from './constants.ts';

export * from './schedule/types.ts';
export * from './schedule/slot-time.ts';
export * from './schedule/station-time.ts';
export * from './clock/clock-style.ts';
export * from './clock/clock-format.ts';
export * from './schedule/on-air.ts';
export * from './schedule/week-grid.ts';
export * from './schedule/favorites.ts';
export * from './schedule/show-image.ts';
export * from './schedule/slot-edits.ts';
export * from './schedule/genres.ts';
export * from './schedule/schedule-schema.ts';
export * from './schedule/schedule-document.ts';
export * from './schedule/normalize-schedule.ts';

export * from './metadata/icecast-status.ts';
export * from './metadata/mojibake.ts';
export * from './metadata/poll-policy.ts';
export * from './metadata/now-playing.ts';
export * from './tracks/track-links.ts';
export * from './tracks/title-timing.ts';
export * from './tracks/saved-tracks.ts';
export * from './audio/retry-policy.ts';
export * from './audio/player-machine.ts';

export * from './sleep-timer/sleep-timer.ts';

export * from './stats/listening-stats.ts';
export * from './stats/last-seven-days.ts';

export * from './notifications/settings.ts';
export * from './notifications/push-record.ts';
export * from './notifications/reminders.ts';
export * from './notifications/push-subscription.ts';
export * from './notifications/push-messages.ts';
export * from './notifications/push-texts.ts';

export * from './cast/cast-session.ts';
export * from './station/station-schema.ts';
export * from './shell/initial-data.ts';

export * from './chat/chat-name.ts';
export * from './chat/chat-schema.ts';
export * from './chat/mentions.ts';
export * from './chat/message-parts.ts';
export * from './chat/chat-reactions.ts';

export * from './realtime/frames.ts';
export * from './http/error-body.ts';

export * from './analytics/analytics-constants.ts';
export * from './analytics/analytics-events.ts';
export * from './analytics/user-agent.ts';
export * from './analytics/listener-count.ts';
export * from './analytics/insights.ts';
export * from './audience/audience.ts';
export * from './audience/audience-csv.ts';
export * from './audience/csv.ts';
export * from './audience/dayparts.ts';
export * from './audience/listening-session.ts';

export * from './integrations/integration-events.ts';
export * from './integrations/integration-templates.ts';
export * from './integrations/integration-schema.ts';
export * from './integrations/integration-retries.ts';
export * from './archive/show-slug.ts';
export * from './archive/slot-occurrences.ts';
export * from './archive/episode.ts';
export * from './archive/rewind-window.ts';
export * from './archive/rewind-timeline.ts';
export * from './archive/episode-progress.ts';
export * from './i18n/locales.ts';
