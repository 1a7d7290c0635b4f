import { describe, it, expect } from 'vitest';
import { restoreCastSession } from './cast-session.ts';

const NOW = Date.UTC(2026, 0, 5, 20);
const saved = { receiverName: 'Living Room', isConnected: true, timestamp: NOW - 29 * 60_000 };

describe('restoreCastSession', () => {
  it('keeps a session saved within 30 minutes', () => {
    expect(restoreCastSession(saved, NOW)).toEqual(saved);
    expect(restoreCastSession({ ...saved, timestamp: NOW - 30 * 60_000 }, NOW)).not.toBeNull();
  });

  it('drops stale, future-dated and malformed sessions', () => {
    expect(restoreCastSession({ ...saved, timestamp: NOW - 30 * 60_000 - 1 }, NOW)).toBeNull();
    expect(restoreCastSession({ ...saved, timestamp: NOW + 1 }, NOW)).toBeNull();
    expect(restoreCastSession({ ...saved, isConnected: 'yes' }, NOW)).toBeNull();
    expect(restoreCastSession(undefined, NOW)).toBeNull();
  });
});
