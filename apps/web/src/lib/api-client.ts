import { receivedErrorBodySchema } from '@onair/core';
import * as z from 'zod/mini';
import { inEnglish } from './zod-english.ts';

/**
 * A failed API call. `status` is set when the server answered with an HTTP error, and `body` holds
 * what it answered (parsed JSON, or null), for callers that read more than the message (a 409's
 * `current` document). `retryAfterSeconds` is a 429's or 503's Retry-After, when it sent one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status?: number,
    readonly body: unknown = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }

  /** The server's machine-readable reason (core's ERROR_CODES), or null when it sent none. */
  get code(): string | null {
    const parsed = receivedErrorBodySchema.safeParse(this.body);
    return parsed.success ? (parsed.data.code ?? null) : null;
  }
}

/** A call that got no answer at all: offline, or the server is down. */
export class ServerUnreachableError extends ApiError {
  constructor(method: string, path: string) {
    super(`${method} ${path}: the server could not be reached.`);
  }
}

function retryAfterSeconds(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : null;
}

export type SendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  signal?: AbortSignal;
}

/**
 * The one way the app talks to its server: a same-origin JSON call whose answer is validated with
 * the shared zod schema, so a server/web mismatch surfaces here as one clear error instead of
 * `undefined` deep inside a component. An HTTP error rejects with the server's own sentence and
 * code (core's `errorBodySchema`) when it sent them; callers decide by `code`, never by the sentence.
 */
async function requestJson<S extends z.core.$ZodType>(
  method: 'GET' | SendMethod,
  path: string,
  body: unknown,
  schema: S,
  { signal }: RequestOptions,
): Promise<z.output<S>> {
  const init: RequestInit = {
    method,
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  };
  if (body !== undefined) {
    init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ServerUnreachableError(method, path);
  }

  let answer: unknown = null;
  // 204 No Content (a DELETE's answer) has no body by definition: it is read as null.
  let validJson = response.status === 204;
  if (!validJson) {
    try {
      answer = await response.json();
      validJson = true;
    } catch {
      answer = null;
    }
  }
  if (!response.ok) {
    const error = receivedErrorBodySchema.safeParse(answer);
    throw new ApiError(
      error.success ? error.data.error : `${method} ${path} failed: HTTP ${response.status}`,
      response.status,
      answer,
      retryAfterSeconds(response),
    );
  }
  if (!validJson) throw new ApiError(`${method} ${path} did not return valid JSON`);

  const parsed = z.safeParse(schema, answer);
  if (!parsed.success) {
    const error = await inEnglish(schema, answer, parsed.error);
    throw new ApiError(`${method} ${path} returned unexpected data:\n${z.prettifyError(error)}`);
  }
  return parsed.data;
}

/** GET a JSON endpoint, validated with `schema`. */
export function getJson<S extends z.core.$ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  return requestJson('GET', path, undefined, schema, options);
}

/** Send `body` as JSON with `method`; the answer is validated with `schema`. */
export function sendJson<S extends z.core.$ZodType>(
  method: SendMethod,
  path: string,
  body: unknown,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  return requestJson(method, path, body, schema, options);
}
