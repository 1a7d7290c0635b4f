import { describe, expect, it } from 'vitest';
import { episodePath, rewindUrl, rewindWindowSchema } from './rewind-window.ts';

describe('rewind window contract', () => {
  it('takes the server’s answer, nothing recorded included', () => {
    expect(
      rewindWindowSchema.parse({ earliestAt: 1_767_636_000_000, timeshiftMs: 14_400_000 }).earliestAt,
    ).toBe(1_767_636_000_000);
    expect(rewindWindowSchema.parse({ earliestAt: null, timeshiftMs: 14_400_000 }).earliestAt).toBeNull();
    expect(rewindWindowSchema.safeParse({ earliestAt: -1, timeshiftMs: 1 }).success).toBe(false);
  });

  it('builds the rewind and episode URLs', () => {
    expect(rewindUrl(1_767_636_000_123.6, 'high')).toBe('/api/rewind?at=1767636000124&quality=high');
    expect(episodePath('0123456789abcdef')).toBe('/episodes/0123456789abcdef');
    expect(episodePath('0123456789abcdef', 95.7)).toBe('/episodes/0123456789abcdef?t=95');
    expect(episodePath('0123456789abcdef', 0.4)).toBe('/episodes/0123456789abcdef');
  });
});
