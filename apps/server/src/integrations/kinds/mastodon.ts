import { apiUrl, jsonRequest, postText, secretOf, settingOf, type KindSender } from '../kind-sender.ts';

/** Mastodon's default status length. */
const STATUS_MAX_CHARS = 500;

/** `POST /api/v1/statuses` with the account's Bearer token; the delivery id is the Idempotency-Key. */
export const mastodonSender: KindSender = {
  label: 'Mastodon',
  goneStatuses: new Map([[410, 'the account is gone']]),
  deliver: (integration, event, { appLink, deliveryId, send }) =>
    send(
      jsonRequest(
        apiUrl(settingOf(integration, 'instanceUrl'), '/api/v1/statuses'),
        {
          status: [...postText(integration, event, appLink)].slice(0, STATUS_MAX_CHARS).join(''),
          visibility: settingOf(integration, 'visibility', 'public'),
        },
        { authorization: `Bearer ${secretOf(integration, 'accessToken')}`, 'idempotency-key': deliveryId },
      ),
    ),
};
