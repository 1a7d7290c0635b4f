import { pushMessageSchema } from '@onair/core';
import * as z from 'zod/mini';

/**
 * What the service worker posts to a visible page instead of a system notification (spec §9: the
 * in-page toast, 5 s). The page parses it with the same schema the worker used on the push.
 */
export const IN_PAGE_PUSH_TYPE = 'onair-push';

export const inPagePushSchema = z.object({ type: z.literal(IN_PAGE_PUSH_TYPE), message: pushMessageSchema });
export type InPagePush = z.infer<typeof inPagePushSchema>;
