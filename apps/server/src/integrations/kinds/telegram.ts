import { apiUrl, jsonRequest, postText, secretOf, settingOf, type KindSender } from '../kind-sender.ts';

export const TELEGRAM_API_URL = 'https://api.telegram.org';
const MESSAGE_MAX_CHARS = 4_096;

/** The Bot API's `sendMessage`, as plain text (no parse_mode: nothing in a title is read as markup). */
export const telegramSender: KindSender = {
  label: 'Telegram',
  goneStatuses: new Map([[410, 'the chat is gone']]),
  deliver: (integration, event, { appLink, send }) =>
    send(
      jsonRequest(
        apiUrl(
          settingOf(integration, 'apiUrl', TELEGRAM_API_URL),
          `/bot${secretOf(integration, 'botToken')}/sendMessage`,
        ),
        {
          chat_id: settingOf(integration, 'chatId'),
          text: [...postText(integration, event, appLink)].slice(0, MESSAGE_MAX_CHARS).join(''),
        },
      ),
    ),
};
