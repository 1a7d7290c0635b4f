import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@onair/core';

/**
 * What a group of routes says when a request fails before (or outside) its handler: a body that is
 * not JSON or not of the route's shape, too large, or a fault of the server. Each route plugin may
 * give its own sentences (`useErrorTexts`); the one handler (`registerErrorHandler`) picks them.
 */
export interface ErrorTexts {
  /** A body the parser refused (not JSON, wrong content type): 400. */
  invalid: ErrorBody;
  /** A body over the route's limit: 413. */
  tooLarge: ErrorBody;
  /** A fault of the server: 500, and the line logged with the error. */
  failed: (request: FastifyRequest) => ErrorBody;
  logLine: string;
}

const DEFAULT_TEXTS: ErrorTexts = {
  invalid: { error: 'The request is not valid JSON of the expected kind.', code: 'invalid_request' },
  tooLarge: { error: 'That is too much to send at once.', code: 'too_large' },
  failed: () => ({
    error: 'Something went wrong on the server. Nothing was changed; try again.',
    code: 'server_error',
  }),
  logLine: 'request failed',
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This plugin's sentences for failed requests (see ErrorTexts); unset: the defaults. */
    errorTexts?: Partial<ErrorTexts>;
  }
}

/** Gives the routes of this plugin (and its children) their own sentences for failed requests. */
export function useErrorTexts(app: FastifyInstance, texts: Partial<ErrorTexts>): void {
  app.decorate('errorTexts', texts);
}

/**
 * The app's one error handler. A client's mistake found by Fastify itself (a 4xx before the handler)
 * is answered in the route group's words, never with Fastify's own message; anything else is the
 * server's fault: logged with its stack, answered 500 with a sentence that gives nothing away.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const texts = { ...DEFAULT_TEXTS, ...request.server.errorTexts };
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send(texts.tooLarge);
    if (status >= 400 && status < 500) return reply.code(status).send(texts.invalid);
    request.log.error({ err: error }, texts.logLine);
    return reply.code(500).send(texts.failed(request));
  });
}
