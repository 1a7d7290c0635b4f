// Public API of @onair/core: pure rules shared by the server and the web app.
export * from './constants.ts';

export * from './schedule/types.ts';
export * from './schedule/slot-time.ts';
export * from './schedule/station-time.ts';
export * from './schedule/on-air.ts';
export * from './schedule/favorites.ts';
export * from './schedule/show-image.ts';
export * from './schedule/schedule-schema.ts';

export * from './metadata/icecast-status.ts';
export * from './metadata/mojibake.ts';
export * from './metadata/poll-policy.ts';
export * from './metadata/now-playing.ts';
export * from './audio/retry-policy.ts';

export * from './sleep-timer/sleep-timer.ts';

export * from './stats/listening-stats.ts';

export * from './notifications/settings.ts';
export * from './notifications/push-record.ts';
export * from './notifications/reminders.ts';

export * from './cast/cast-session.ts';
export * from './station/station-schema.ts';

export * from './realtime/frames.ts';
