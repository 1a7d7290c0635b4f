import { describe, expect, it } from 'vitest';
import { SCHEDULE_VERSION_MAX, scheduleConflictSchema, scheduleDocumentSchema } from './schedule-document.ts';
import { TEST_SCHEDULE } from './test-schedule.ts';

describe('scheduleDocumentSchema', () => {
  it('accepts the week with a version from 0 (none yet) to the stores’ limit', () => {
    for (const version of [0, 1, SCHEDULE_VERSION_MAX]) {
      expect(scheduleDocumentSchema.parse({ data: TEST_SCHEDULE, version })).toEqual({
        data: TEST_SCHEDULE,
        version,
      });
    }
  });

  it.each([
    ['a negative version', { data: TEST_SCHEDULE, version: -1 }],
    ['a fractional version', { data: TEST_SCHEDULE, version: 1.5 }],
    ['a version past the 32-bit column', { data: TEST_SCHEDULE, version: SCHEDULE_VERSION_MAX + 1 }],
    ['a version as text', { data: TEST_SCHEDULE, version: '1' }],
    ['no version', { data: TEST_SCHEDULE }],
    ['six days', { data: TEST_SCHEDULE.slice(1), version: 1 }],
  ])('refuses %s', (_name, input) => {
    expect(scheduleDocumentSchema.safeParse(input).success).toBe(false);
  });
});

describe('scheduleConflictSchema', () => {
  it('reads the 409 body with the winning document, or none when the store is empty', () => {
    const current = { data: TEST_SCHEDULE, version: 4 };
    expect(scheduleConflictSchema.parse({ error: 'Changed.', code: 'schedule_stale', current })).toEqual({
      error: 'Changed.',
      code: 'schedule_stale',
      current,
    });
    expect(
      scheduleConflictSchema.parse({ error: 'Changed.', code: 'schedule_stale', current: null }),
    ).toEqual({
      error: 'Changed.',
      code: 'schedule_stale',
      current: null,
    });
    expect(scheduleConflictSchema.safeParse({ error: 'Changed.' }).success).toBe(false);
  });
});
