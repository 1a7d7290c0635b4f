import { useCallback, useEffect, useState } from 'react';
import { fetchAuth, LISTENER, login, logout, type AuthState } from '../../lib/auth.ts';

/** The server's answer to "am I the admin?", with sign-in and sign-out that update it. */
export function useAdminSession() {
  const [auth, setAuth] = useState<AuthState>(LISTENER);

  const refresh = useCallback((signal?: AbortSignal) => {
    // Until (or unless) the server answers, everyone is a listener: no admin control ever shows on a guess.
    fetchAuth(signal).then(setAuth, () => undefined);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    refresh(controller.signal);
    // A session that ended while the tab was hidden (12 hours, or a sign-out elsewhere) takes the
    // controls with it when the admin comes back, not at their next save.
    const onVisible = () => {
      if (!document.hidden) refresh(controller.signal);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  const signIn = useCallback(async (username: string, password: string) => {
    setAuth(await login(username, password));
  }, []);

  const demote = useCallback(() => setAuth((current) => ({ ...current, role: 'listener' })), []);

  const signOut = useCallback(async () => {
    // Controls go at once; a sign-out the server did not hear is corrected by asking it again.
    demote();
    await logout().catch(() => refresh());
  }, [demote, refresh]);

  /** The server refused us as admin (401/403): the controls go now, and the server's view is fetched. */
  const expired = useCallback(() => {
    demote();
    refresh();
  }, [demote, refresh]);

  return { auth, signIn, signOut, expired };
}
