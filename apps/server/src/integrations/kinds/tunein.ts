import type { IntegrationEvent } from '@onair/core';
import { apiUrl, secretOf, settingOf, type KindSender } from '../kind-sender.ts';

export const TUNEIN_API_URL = 'https://air.radiotime.com';

/**
 * TuneIn AIR: `GET /Playing.ashx` once per song start with the partner's id and key, the station
 * id, title and artist, commercial off: the station's "now playing" on TuneIn. Only track changes.
 */
export const tuneinSender: KindSender = {
  label: 'TuneIn',
  goneStatuses: new Map(),
  deliver: (integration, event, { send }) => {
    // The routes let a TuneIn integration subscribe to track changes only.
    if (event.type !== 'track.changed')
      return Promise.reject(new Error(`TuneIn takes track changes only, not ${event.type}.`));
    const { title, artist } = event.data as IntegrationEvent<'track.changed'>['data'];
    const url = apiUrl(settingOf(integration, 'apiUrl', TUNEIN_API_URL), '/Playing.ashx');
    url.search = new URLSearchParams({
      partnerId: settingOf(integration, 'partnerId'),
      partnerKey: secretOf(integration, 'partnerKey'),
      id: settingOf(integration, 'stationId'),
      title,
      artist,
      commercial: 'false',
    }).toString();
    return send({ url, method: 'GET', headers: { 'user-agent': 'OnAir-Integrations/1.0' } });
  },
};
