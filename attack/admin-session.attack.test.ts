import { describe, expect, it } from 'vitest';
import {
  adminSession,
  cookiePair,
  editedSchedule,
  getSchedule,
  putSchedule,
  setCookieLine,
  signIn,
  type StoredSchedule,
} from './support/http.ts';
import { useTarget, type Target } from './support/target.ts';

const EVIL = 'http://evil.example';

async function role(target: Target, cookie: string): Promise<string> {
  const response = await fetch(`${target.url}/api/auth/me`, { headers: { cookie } });
  return ((await response.json()) as { role: string }).role;
}

function logout(target: Target, headers: Record<string, string>): Promise<Response> {
  return fetch(`${target.url}/api/auth/logout`, { method: 'POST', headers });
}

describe('the admin session', () => {
  const target = useTarget();

  it('lives in an HttpOnly, SameSite=Strict cookie for the whole site, not Secure over plain HTTP', async () => {
    const response = await signIn(target());
    expect(response.status).toBe(200);
    const line = setCookieLine(response, 'onair_session') ?? '';
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Strict/i);
    expect(line).toMatch(/;\s*Path=\/(;|$)/i);
    expect(line).not.toMatch(/;\s*Secure/i);
  });

  it('is never a value planted before sign-in (session fixation)', async () => {
    const planted = `onair_session=${'A'.repeat(43)}`;
    const response = await signIn(target(), { cookie: planted });
    expect(response.status).toBe(200);
    const issued = cookiePair(response, 'onair_session');
    expect(issued).not.toBe(planted);
    expect(await role(target(), planted)).toBe('listener');
    expect(await role(target(), issued)).toBe('admin');
  });

  it('ends on the server at logout: the old cookie can change nothing', async () => {
    const session = await adminSession(target());
    const current = await getSchedule(target());
    expect((await logout(target(), { cookie: session })).status).toBe(200);
    const before = target().storeSnapshot();

    const replayed = await putSchedule(target(), JSON.stringify(editedSchedule(current, 'After logout')), {
      cookie: session,
    });
    expect(replayed.status).toBe(401);
    expect(await role(target(), session)).toBe('listener');
    expect(target().storeSnapshot()).toEqual(before);
  });

  it('refuses cross-site sign-in, schedule writes and logout (CSRF) and changes nothing', async () => {
    const session = await adminSession(target());
    const current = await getSchedule(target());
    const before = target().storeSnapshot();

    const crossSignIn = await signIn(target(), { origin: EVIL });
    expect(crossSignIn.status).toBe(403);
    expect(crossSignIn.headers.getSetCookie()).toEqual([]);
    const crossPut = await putSchedule(target(), JSON.stringify(editedSchedule(current, 'CSRF')), {
      cookie: session,
      origin: EVIL,
    });
    expect(crossPut.status).toBe(403);
    const crossLogout = await logout(target(), { cookie: session, origin: EVIL });
    expect(crossLogout.status).toBe(403);

    expect(await role(target(), session)).toBe('admin');
    expect(target().storeSnapshot()).toEqual(before);
  });

  /** A body that is fine in every way but the one under test would be stored: these must not be. */
  const junk = (current: StoredSchedule): Array<[string, string, string, number]> => {
    const valid = JSON.stringify(editedSchedule(current, 'Junk'));
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    return [
      ['not JSON', 'application/json', '{"data": [', 400],
      ['an empty body', 'application/json', '', 400],
      ['a form post', 'application/x-www-form-urlencoded', valid, 415],
      ['plain text', 'text/plain', valid, 400],
      ['1 MB', 'application/json', JSON.stringify(editedSchedule(current, 'x'.repeat(1_048_576))), 413],
      ['deep nesting', 'application/json', `{"version":${current.version},"data":${deep}}`, 400],
      ['a __proto__ key', 'application/json', `{"__proto__":{"polluted":true},${valid.slice(1)}`, 400],
      [
        'a nested __proto__ key',
        'application/json',
        valid.replace('"genre":"Junk"', '"genre":"Junk","__proto__":{"polluted":true}'),
        400,
      ],
      [
        'a wrong version type',
        'application/json',
        valid.replace(`"version":${current.version}`, '"version":"1"'),
        400,
      ],
    ];
  };

  it('refuses junk and oversize schedule bodies from the signed-in admin, each with its 4xx, and stores nothing', async () => {
    const session = await adminSession(target());
    const current = await getSchedule(target());
    const before = target().storeSnapshot();
    for (const [what, contentType, body, status] of junk(current)) {
      const response = await putSchedule(target(), body, { cookie: session, 'content-type': contentType });
      expect({ what, status: response.status }).toEqual({ what, status });
      expect(await response.text()).not.toContain('polluted');
    }
    expect(target().storeSnapshot()).toEqual(before);
    expect(await getSchedule(target())).toEqual(current);
    // The server is still whole: no polluted prototype, and the same session may still edit.
    expect(await (await fetch(`${target().url}/api/health`)).json()).toMatchObject({
      ok: true,
      store: 'up',
      redis: 'local',
    });
    const fine = await putSchedule(target(), JSON.stringify(editedSchedule(current, 'Fine')), {
      cookie: session,
    });
    expect(fine.status).toBe(200);
  });
});
