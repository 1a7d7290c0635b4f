import { useCallback, useEffect, useState } from 'react';
import { fetchAuth, LISTENER, login, logout, type AuthState } from '../../lib/auth.ts';

/** The server's answer to "am I the admin?", with sign-in and sign-out that update it. */
export function useAdminSession() {
  const [auth, setAuth] = useState<AuthState>(LISTENER);

  useEffect(() => {
    const controller = new AbortController();
    // Until (or unless) the server answers, everyone is a listener: no admin control ever shows on a guess.
    fetchAuth(controller.signal).then(setAuth, () => undefined);
    return () => controller.abort();
  }, []);

  const signIn = useCallback(async (username: string, password: string) => {
    setAuth(await login(username, password));
  }, []);

  const signOut = useCallback(async () => {
    await logout();
    setAuth((current) => ({ ...current, role: 'listener' }));
  }, []);

  return { auth, signIn, signOut };
}
