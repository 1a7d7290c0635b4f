import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminSession } from './support/http.ts';
import { type Target, useTarget } from './support/target.ts';

/** A browser without one: its cookies, kept from every answer as a script's cookie jar would. */
class Browser {
  readonly #jar = new Map<string, string>();

  constructor(private readonly target: Target) {}

  get cookie(): string {
    return [...this.#jar.entries()].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async send(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${this.target.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.#jar.size > 0 ? { cookie: this.cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '') this.#jar.delete(name);
      else this.#jar.set(name, value);
    }
    return response;
  }

  pickName(name: string): Promise<Response> {
    return this.send('POST', '/api/chat/session', { name });
  }

  post(text: string, id: string = randomUUID()): Promise<Response> {
    return this.send('POST', '/api/chat/messages', { id, text });
  }
}

describe('taking over another chatter', () => {
  const target = useTarget();

  it('cannot steal a name after its holder’s failed rename, and a refused claim changes nothing stored', async () => {
    const victim = new Browser(target());
    const holder = new Browser(target());
    const attacker = new Browser(target());
    expect((await victim.pickName('Theft Victim')).status).toBe(200);
    expect((await holder.pickName('Taken Name')).status).toBe(200);
    const before = target().storeSnapshot();
    expect((await victim.pickName('Taken Name')).status).toBe(409);
    expect((await attacker.pickName('Theft Victim')).status).toBe(409);
    expect(target().storeSnapshot()).toEqual(before);
    expect((await victim.post('still mine')).status).toBe(201);
  });

  it('cannot shed a mute by signing out and choosing a new name, nor hand it to the next holder of the name', async () => {
    const muted = new Browser(target());
    expect((await muted.pickName('Mute Shedder')).status).toBe(200);
    expect((await muted.post('spam spam spam')).status).toBe(201);
    const admin = await adminSession(target());
    const mute = await fetch(`${target().url}/api/chat/mutes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin },
      body: JSON.stringify({ name: 'Mute Shedder', minutes: 60 }),
    });
    expect(mute.status).toBe(200);

    expect((await muted.send('DELETE', '/api/chat/session')).status).toBe(204);
    const shed = await muted.pickName('Fresh Start');
    expect(shed.status).toBe(403);
    expect(((await shed.json()) as { error: string }).error).toContain('muted');
    expect((await muted.pickName('Mute Shedder')).status).toBe(403);

    const newcomer = new Browser(target());
    expect((await newcomer.pickName('Mute Shedder')).status).toBe(200);
    expect((await newcomer.post('hi, first time here')).status).toBe(201);
  });
});
