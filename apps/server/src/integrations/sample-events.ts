import type { IntegrationEvent, IntegrationEventType } from '@onair/core';

/** What `POST /api/integrations/:id/test` sends: a made-up event of the integration's first type. */
export function sampleEvent(
  type: IntegrationEventType,
  now: Date,
  appLink: string,
  stationName: string,
): IntegrationEvent {
  const at = now.toISOString();
  const show = {
    name: 'Test show',
    artist: stationName,
    genre: '',
    image: '',
    link: appLink ? `${appLink}/schedule` : '',
    day: 'Monday',
    time: '6pm - 8pm',
  };
  switch (type) {
    case 'track.changed':
      return {
        type,
        timestamp: at,
        data: { title: 'Test track', artist: stationName, show, startedAt: at, heardAt: at },
      };
    case 'show.started':
    case 'show.ended':
      return { type, timestamp: at, data: { show, at } };
    case 'station.offline':
    case 'station.online':
      return { type, timestamp: at, data: { since: at } };
    case 'listeners.peak':
      return { type, timestamp: at, data: { listeners: 42, day: at.slice(0, 10), at } };
    case 'episode.ready':
      return { type, timestamp: at, data: { title: 'Test episode', show, link: appLink } };
  }
}
