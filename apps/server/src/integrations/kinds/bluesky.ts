import type { OutboundResponse } from '../../outbound/guarded-request.ts';
import type { StoredIntegration } from '../../store/integrations-repo.ts';
import {
  apiUrl,
  jsonRequest,
  postText,
  secretOf,
  settingOf,
  type KindSender,
  type SendContext,
} from '../kind-sender.ts';
import type { IntegrationEvent } from '@onair/core';

export const BLUESKY_SERVICE_URL = 'https://bsky.social';
/** A post holds at most 300 graphemes; counted here as code points, which is never more. */
const POST_MAX_CHARS = 300;

interface Session {
  accessJwt: string;
  refreshJwt: string;
  did: string;
}

function parseSession(response: OutboundResponse): Session | null {
  if (response.status !== 200) return null;
  try {
    const body = JSON.parse(response.body.toString('utf8')) as Partial<Session>;
    if (
      typeof body.accessJwt !== 'string' ||
      typeof body.refreshJwt !== 'string' ||
      typeof body.did !== 'string'
    )
      return null;
    return { accessJwt: body.accessJwt, refreshJwt: body.refreshJwt, did: body.did };
  } catch {
    return null;
  }
}

/** An expired access token: the PDS answers 400 `ExpiredToken` (or 401). */
function expired(response: OutboundResponse): boolean {
  if (response.status === 401) return true;
  if (response.status !== 400) return false;
  return /"error"\s*:\s*"ExpiredToken"/.test(response.body.toString('utf8'));
}

/** The post record, with a link facet over the app's address (byte offsets in UTF-8, as atproto counts). */
export function blueskyPost(text: string, link: string, createdAt: string) {
  const trimmed = [...text].slice(0, POST_MAX_CHARS).join('');
  const start = link ? trimmed.indexOf(link) : -1;
  const facets =
    start < 0
      ? []
      : [
          {
            index: {
              byteStart: Buffer.byteLength(trimmed.slice(0, start)),
              byteEnd: Buffer.byteLength(trimmed.slice(0, start + link.length)),
            },
            features: [{ $type: 'app.bsky.richtext.facet#link', uri: link }],
          },
        ];
  return { $type: 'app.bsky.feed.post', text: trimmed, createdAt, ...(facets.length > 0 ? { facets } : {}) };
}

/** The link the post's text holds: the show's page or the app. */
function linkOf(event: IntegrationEvent, appLink: string): string {
  if (event.type === 'show.started' || event.type === 'show.ended') {
    return (event.data as IntegrationEvent<'show.started'>['data']).show.link || appLink;
  }
  return appLink;
}

/**
 * Bluesky: `com.atproto.server.createSession` with the handle and app password, then
 * `com.atproto.repo.createRecord` of an `app.bsky.feed.post`. The session is kept per integration
 * (in this instance) and refreshed with `refreshSession` when the PDS says the access token expired;
 * when that fails too, a new session is created.
 */
export class BlueskySender implements KindSender {
  readonly label = 'Bluesky';
  readonly goneStatuses = new Map<number, string>();
  readonly #sessions = new Map<string, Session>();

  readonly deliver = async (
    integration: StoredIntegration,
    event: IntegrationEvent,
    context: SendContext,
  ): Promise<OutboundResponse> => {
    const service = settingOf(integration, 'service', BLUESKY_SERVICE_URL);
    const link = linkOf(event, context.appLink);
    const record = blueskyPost(
      postText(integration, event, context.appLink),
      link,
      context.now().toISOString(),
    );
    let session = this.#sessions.get(integration.id);
    if (!session) {
      const created = await this.#createSession(integration, service, context);
      if ('status' in created) return created;
      session = created;
    }
    const post = (current: Session) =>
      context.send(
        jsonRequest(
          apiUrl(service, '/xrpc/com.atproto.repo.createRecord'),
          { repo: current.did, collection: 'app.bsky.feed.post', record },
          { authorization: `Bearer ${current.accessJwt}` },
        ),
      );
    const first = await post(session);
    if (!expired(first)) return first;
    const refreshed = parseSession(
      await context.send({
        url: apiUrl(service, '/xrpc/com.atproto.server.refreshSession'),
        method: 'POST',
        headers: { authorization: `Bearer ${session.refreshJwt}`, 'user-agent': 'OnAir-Integrations/1.0' },
      }),
    );
    const renewed = refreshed ?? (await this.#createSession(integration, service, context));
    if ('status' in renewed) return renewed;
    this.#sessions.set(integration.id, renewed);
    return post(renewed);
  };

  async #createSession(
    integration: StoredIntegration,
    service: string,
    context: SendContext,
  ): Promise<Session | OutboundResponse> {
    this.#sessions.delete(integration.id);
    const response = await context.send(
      jsonRequest(apiUrl(service, '/xrpc/com.atproto.server.createSession'), {
        identifier: settingOf(integration, 'handle'),
        password: secretOf(integration, 'appPassword'),
      }),
    );
    const session = parseSession(response);
    if (!session) return response.status === 200 ? { ...response, status: 502 } : response;
    this.#sessions.set(integration.id, session);
    return session;
  }
}
