import { z } from 'zod';
import { ApiError, getJson } from './api-client.ts';

/**
 * Who the server says we are. The role comes only from the server's session cookie (HttpOnly, so
 * scripts cannot read or forge it): nothing stored locally — chat_username included — makes an admin.
 */
export const authStateSchema = z.object({
  role: z.enum(['admin', 'listener']),
  /** False on servers without ADMIN_USERNAME/ADMIN_PASSWORD: there is no one to sign in as. */
  signInEnabled: z.boolean().default(false),
});
export type AuthState = z.infer<typeof authStateSchema>;

export const LISTENER: AuthState = { role: 'listener', signInEnabled: false };

export function fetchAuth(signal?: AbortSignal): Promise<AuthState> {
  return getJson('/api/auth/me', authStateSchema, signal ? { signal } : {});
}

const errorBodySchema = z.object({ error: z.string() });

/** Signs the admin in; resolves to the new state or rejects with the server's own words. */
export async function login(username: string, password: string): Promise<AuthState> {
  const response = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(body);
    throw new ApiError(parsed.success ? parsed.data.error : `Sign-in failed (HTTP ${response.status}).`, response.status);
  }
  return { role: 'admin', signInEnabled: true };
}

export async function logout(): Promise<void> {
  await fetch('/api/auth/logout', { method: 'POST', headers: { Accept: 'application/json' } });
}
