import { guardedRequest, OutboundAddressError, type ResolveAll } from '../outbound/guarded-request.ts';

export { refuseNonPublicPeer } from '../outbound/guarded-request.ts';
/** A refused push destination is the outbound gate's refusal. */
export { OutboundAddressError as PushAddressError };

/** One encrypted push on its way to a push service. */
export interface PushRequest {
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
}

export interface PushResponse {
  status: number;
}

/**
 * Delivers a push request and answers with the push service's status. Production uses
 * `httpsPushTransport`; tests inject one that reaches a local receiver.
 */
export type PushTransport = (push: PushRequest) => Promise<PushResponse>;

/** A push service answers within seconds; a hung one must not hold the scheduler. */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;
const PUSH_CONNECT_TIMEOUT_MS = 5_000;
/** A push service's answer is a status; its body is hardly read. */
const PUSH_ANSWER_MAX_BYTES = 4_096;

/**
 * The production transport: the outbound gate (guarded-request.ts) with push's rules: HTTPS on
 * port 443 only, no private host allowed, no redirects, every resolved and connected address public.
 */
export function httpsPushTransport(resolve?: ResolveAll): PushTransport {
  return async (push) => {
    const { status } = await guardedRequest(
      { url: push.url, method: 'POST', headers: push.headers, body: push.body },
      {
        what: 'a push',
        privateHosts: [],
        defaultPortOnly: true,
        connectTimeoutMs: PUSH_CONNECT_TIMEOUT_MS,
        totalTimeoutMs: PUSH_REQUEST_TIMEOUT_MS,
        maxAnswerBytes: PUSH_ANSWER_MAX_BYTES,
        ...(resolve ? { resolve } : {}),
      },
    );
    return { status };
  };
}
