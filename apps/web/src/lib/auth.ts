import * as z from 'zod/mini';
import { ApiError, getJson, sendJson } from './api-client.ts';

/**
 * Who the server says we are. The role comes only from the server's session cookie (HttpOnly, so
 * scripts cannot read or forge it): nothing stored locally — chat_username included — makes an admin.
 */
export const authStateSchema = z.object({
  role: z.enum(['admin', 'listener']),
  /** False on servers without ADMIN_USERNAME/ADMIN_PASSWORD: there is no one to sign in as. */
  signInEnabled: z._default(z.boolean(), false),
});
export type AuthState = z.infer<typeof authStateSchema>;

export const LISTENER: AuthState = { role: 'listener', signInEnabled: false };

export function fetchAuth(signal?: AbortSignal): Promise<AuthState> {
  return getJson('/api/auth/me', authStateSchema, signal ? { signal } : {});
}

const signedInSchema = z.object({ role: z.literal('admin') });
const signedOutSchema = z.object({ role: z.literal('listener') });

/** Signs the admin in; resolves to the new state or rejects with the server's own words. */
export async function login(username: string, password: string): Promise<AuthState> {
  await sendJson('POST', '/api/auth/login', { username, password }, signedInSchema);
  return { role: 'admin', signInEnabled: true };
}

export async function logout(): Promise<void> {
  await sendJson('POST', '/api/auth/logout', {}, signedOutSchema);
}

/** A refusal that means "you are not (or no longer) the admin": the session expired or was ended elsewhere. */
export function isSignedOutError(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'sign_in_required' || error.code === 'admin_only');
}
