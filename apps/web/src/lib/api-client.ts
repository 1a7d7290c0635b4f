import { z } from 'zod';

/** A failed API call; `status` is set when the server answered with an HTTP error. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * GET a same-origin JSON endpoint and validate it with the shared zod schema, so a server/web
 * mismatch surfaces here as one clear error instead of `undefined` deep inside a component.
 */
export async function getJson<S extends z.ZodType>(
  path: string,
  schema: S,
  init: { signal?: AbortSignal } = {},
): Promise<z.output<S>> {
  const response = await fetch(path, {
    headers: { Accept: 'application/json' },
    ...(init.signal ? { signal: init.signal } : {}),
  });
  if (!response.ok) {
    throw new ApiError(`GET ${path} failed: HTTP ${response.status}`, response.status);
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(`GET ${path} did not return valid JSON`);
  }

  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(`GET ${path} returned unexpected data:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
