import { describe, it, expect } from 'vitest';
import { isValidPushRecord, pushRecordNeedsRefresh } from './push-record.ts';

const NOW = Date.UTC(2026, 0, 10);
const record = {
  token: 'fcm-token',
  creationTime: String(NOW - 1000),
  auth: 'auth-secret',
  p256dh: 'p256dh-key',
  endpoint: 'https://push.example/abc',
  scope: '/',
  vapidKey: 'vapid-public-key',
};

describe('isValidPushRecord', () => {
  it('accepts a record with all seven fields as non-empty strings', () => {
    expect(isValidPushRecord(record)).toBe(true);
  });

  it.each(Object.keys(record))('rejects a missing, empty, blank or non-string %s', (field) => {
    const { [field as keyof typeof record]: _dropped, ...rest } = record;
    expect(isValidPushRecord(rest)).toBe(false);
    expect(isValidPushRecord({ ...record, [field]: '' })).toBe(false);
    expect(isValidPushRecord({ ...record, [field]: '  ' })).toBe(false);
    expect(isValidPushRecord({ ...record, [field]: 42 })).toBe(false);
  });

  it('rejects non-objects', () => {
    expect(isValidPushRecord(null)).toBe(false);
    expect(isValidPushRecord('token')).toBe(false);
  });
});

describe('pushRecordNeedsRefresh', () => {
  it('refreshes after 7 days or when the creation time is unreadable', () => {
    expect(pushRecordNeedsRefresh(record, NOW)).toBe(false);
    expect(pushRecordNeedsRefresh({ ...record, creationTime: String(NOW - 7 * 86_400_000) }, NOW)).toBe(
      false,
    );
    expect(pushRecordNeedsRefresh({ ...record, creationTime: String(NOW - 7 * 86_400_000 - 1) }, NOW)).toBe(
      true,
    );
    expect(pushRecordNeedsRefresh({ ...record, creationTime: '2026-01-01T00:00:00Z' }, NOW)).toBe(true);
    expect(pushRecordNeedsRefresh({ ...record, creationTime: '2026-01-05T00:00:00Z' }, NOW)).toBe(false);
    expect(pushRecordNeedsRefresh({ ...record, creationTime: 'yesterday' }, NOW)).toBe(true);
  });
});
