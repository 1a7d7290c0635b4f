import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, ServerUnreachableError } from '../api-client.ts';
import { messages as english } from '../../locales/en/messages.po';
import { messages as german } from '../../locales/de/messages.po';
import { messages as irish } from '../../locales/ga/messages.po';
import { activateLoadedLocale } from './locale.ts';
import { serverErrorText } from './server-error.ts';

const refusal = (code: string | undefined, error = 'An English sentence for API users.') =>
  new ApiError(error, 409, code === undefined ? { error } : { error, code });

describe('serverErrorText', () => {
  afterEach(() => activateLoadedLocale('en', english));

  it('says a known code in the app’s language, not the server’s English', () => {
    const taken = refusal('chat_name_taken', 'That name is already in use');
    expect(serverErrorText(taken)).toBe(
      'That name is taken by another listener in the chat. Choose another.',
    );
    activateLoadedLocale('ga', irish);
    expect(serverErrorText(taken)).toBe(
      'Tá an t-ainm sin ag éisteoir eile sa chomhrá. Roghnaigh ceann eile.',
    );
    activateLoadedLocale('de', german);
    expect(serverErrorText(taken)).toBe(
      'Diesen Namen verwendet schon jemand anderes im Chat. Wähle einen anderen.',
    );
  });

  it('falls back to the server’s sentence for a code the app does not know, or none', () => {
    activateLoadedLocale('de', german);
    expect(serverErrorText(refusal('a_newer_servers_code', 'Something new went wrong'))).toBe(
      'Something new went wrong',
    );
    expect(serverErrorText(refusal(undefined, 'An older server’s refusal'))).toBe(
      'An older server’s refusal',
    );
    // Inherited names are not codes of ours.
    expect(serverErrorText(refusal('constructor', 'Not a code'))).toBe('Not a code');
  });

  it('tells an unreachable server apart from a refusal, in the app’s language', () => {
    expect(serverErrorText(new ServerUnreachableError('GET', '/api/chat/session'))).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
    activateLoadedLocale('ga', irish);
    expect(serverErrorText(new ServerUnreachableError('GET', '/api/chat/session'))).toBe(
      'Níorbh fhéidir teacht ar an bhfreastalaí. Seiceáil do cheangal agus bain triail eile as.',
    );
  });

  it('shows any other failure’s own text', () => {
    expect(serverErrorText(new Error('boom'))).toBe('boom');
    expect(serverErrorText('plain')).toBe('plain');
  });
});
