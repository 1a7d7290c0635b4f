import { z } from 'zod';
import type { Schedule } from '@onair/core';

const savedSchema = z.object({ data: z.unknown(), version: z.number().int().nonnegative() });
const conflictSchema = z.object({ error: z.string(), current: savedSchema.nullable() });
const errorSchema = z.object({ error: z.string() });

export type SaveResult =
  | { kind: 'saved'; data: unknown; version: number }
  /** Someone saved first (HTTP 409): `current` is the document that won. */
  | { kind: 'conflict'; current: { data: unknown; version: number } | null }
  | { kind: 'failed'; message: string };

/** PUT /api/schedule with the version the edit was based on (0 when there is none yet). */
export async function saveSchedule(data: Schedule, version: number): Promise<SaveResult> {
  let response: Response;
  try {
    response = await fetch('/api/schedule', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ data, version }),
    });
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const saved = savedSchema.safeParse(body);
    return saved.success ? { kind: 'saved', ...saved.data } : { kind: 'failed', message: 'unexpected answer' };
  }
  if (response.status === 409) {
    const conflict = conflictSchema.safeParse(body);
    return { kind: 'conflict', current: conflict.success ? conflict.data.current : null };
  }
  const error = errorSchema.safeParse(body);
  return { kind: 'failed', message: error.success ? error.data.error : `HTTP ${response.status}` };
}
