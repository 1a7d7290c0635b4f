import type { Migration } from 'kysely';
import * as createSchedule from './0001-create-schedule.ts';
import * as createSession from './0002-create-session.ts';
import * as createChat from './0003-create-chat.ts';
import * as createPush from './0004-create-push.ts';
import * as createAnalytics from './0005-create-analytics.ts';
import * as chatPerson from './0006-chat-person.ts';
import * as analyticsKnownShows from './0007-analytics-known-shows.ts';
import * as tidyChatReactions from './0008-tidy-chat-reactions.ts';
import * as pushDueIndex from './0009-push-due-index.ts';
import * as archive from './0010-archive.ts';
import * as integrations from './0011-integrations.ts';
import * as archiveDemoEpisodes from './0012-archive-demo-episodes.ts';
import * as pushAdmin from './0013-push-admin.ts';
import * as rewindListeners from './0014-rewind-listeners.ts';
import * as pushLocale from './0015-push-locale.ts';

/** Every migration in order; names sort lexically, so keep the zero-padded prefix. */
export const migrations: Record<string, Migration> = {
  '0001-create-schedule': createSchedule,
  '0002-create-session': createSession,
  '0003-create-chat': createChat,
  '0004-create-push': createPush,
  '0005-create-analytics': createAnalytics,
  '0006-chat-person': chatPerson,
  '0007-analytics-known-shows': analyticsKnownShows,
  '0008-tidy-chat-reactions': tidyChatReactions,
  '0009-push-due-index': pushDueIndex,
  '0010-archive': archive,
  '0011-integrations': integrations,
  '0012-archive-demo-episodes': archiveDemoEpisodes,
  '0013-push-admin': pushAdmin,
  '0014-rewind-listeners': rewindListeners,
  '0015-push-locale': pushLocale,
};
