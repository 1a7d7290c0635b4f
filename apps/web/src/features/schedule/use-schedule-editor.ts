import type { Schedule } from '@onair/core';
import { useCallback, useState } from 'react';
import { bundledSchedule } from '../../lib/schedule-store.ts';
import { useScheduleStore } from '../../lib/use-schedule.tsx';
import { useToast } from '../../ui/toast.tsx';
import { saveSchedule } from './api.ts';

export const CONFLICT_MESSAGE =
  'Someone else changed the schedule meanwhile. The latest version is now shown: please make your change again.';
const CONFLICT_TOAST_MS = 6_000;

/** Saving, deleting and uploading: each a PUT of the whole document at the version it was based on. */
export function useScheduleEditor() {
  const store = useScheduleStore();
  const toast = useToast();
  const [saving, setSaving] = useState(false);

  /** Sends `next`; on success the store takes the saved document at once (realtime confirms it later). */
  const commit = useCallback(
    async (next: Schedule, failureText: (reason: string) => string, successText: string): Promise<boolean> => {
      const state = store.state;
      // A bundled week has no server version: 0 asks for a fresh store, and is refused with the current one otherwise.
      const version = state.status === 'ready' ? (state.version ?? 0) : 0;
      setSaving(true);
      try {
        const result = await saveSchedule(next, version);
        if (result.kind === 'saved') {
          store.accept(result.data, result.version);
          toast.show(successText);
          return true;
        }
        if (result.kind === 'conflict') {
          if (result.current) store.accept(result.current.data, result.current.version);
          toast.show(CONFLICT_MESSAGE, CONFLICT_TOAST_MS);
          return false;
        }
        toast.show(failureText(result.message));
        return false;
      } finally {
        setSaving(false);
      }
    },
    [store, toast],
  );

  const save = useCallback((next: Schedule) => commit(next, () => 'Failed to save schedule.', 'Schedule saved.'), [commit]);
  const remove = useCallback((next: Schedule) => commit(next, () => 'Failed to delete show.', 'Show deleted.'), [commit]);
  const upload = useCallback(async () => {
    const week = bundledSchedule();
    if (week.every((day) => day.shows.length === 0)) {
      toast.show('No schedule data to upload');
      return false;
    }
    return commit(week, (reason) => `Failed to upload schedule: ${reason}`, 'Schedule uploaded!');
  }, [commit, toast]);

  return { saving, save, remove, upload };
}
