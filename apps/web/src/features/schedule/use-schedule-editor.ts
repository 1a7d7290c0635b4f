import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { ShowSlot, SlotEdit } from '@onair/core';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useScheduleStore } from '../../lib/use-schedule.tsx';
import { useToast } from '../../ui/toast.tsx';
import { ScheduleEditQueue, type EditOutcome, type WeekChange } from './schedule-edit-queue.ts';

export const CONFLICT_MESSAGE = msg`Someone else changed the schedule meanwhile. The latest version is now shown: please make your change again.`;
const GONE_MESSAGE = msg`That show was changed or removed meanwhile, so nothing was saved. The latest schedule is shown.`;
const LONG_TOAST_MS = 6_000;

interface ChangeTexts {
  success: string;
  failure: (reason: string) => string;
}

/**
 * Identifies a slot's pending delete, so its Delete button shows it is busy and cannot send it twice.
 * By value, not index: an earlier delete in the queue moves the slots below it up.
 */
export function slotKey(day: string, slot: ShowSlot): string {
  return JSON.stringify([day, slot.time, slot.artist, slot.show, slot.genre, slot.image]);
}

/**
 * Saving, deleting and uploading through one queue (see ScheduleEditQueue): every click is kept and
 * saved in order. Each outcome is told in a toast, except a lost session, which the screen handles
 * (`onSignedOut`) by asking the admin to sign in again without dropping the change.
 */
export function useScheduleEditor(onSignedOut: (change: WeekChange) => void) {
  const store = useScheduleStore();
  const toast = useToast();
  const [queue] = useState(() => new ScheduleEditQueue(store));
  const pending = useSyncExternalStore(
    (listener) => queue.subscribe(listener),
    () => queue.pending,
    () => queue.pending,
  );
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(() => new Set());

  const submit = useCallback(
    async (change: WeekChange, texts: ChangeTexts): Promise<EditOutcome> => {
      const outcome = await queue.submit(change);
      if (outcome.kind === 'saved') toast.show(texts.success);
      else if (outcome.kind === 'conflict') toast.show(i18n._(CONFLICT_MESSAGE), LONG_TOAST_MS);
      else if (outcome.kind === 'gone') toast.show(i18n._(GONE_MESSAGE), LONG_TOAST_MS);
      else if (outcome.kind === 'failed') toast.show(texts.failure(outcome.message));
      else onSignedOut(change);
      return outcome;
    },
    [queue, toast, onSignedOut],
  );

  const save = useCallback(
    (edit: SlotEdit) =>
      submit(edit, { success: t`Schedule saved.`, failure: () => t`Failed to save schedule.` }),
    [submit],
  );

  const remove = useCallback(
    async (edit: Extract<SlotEdit, { kind: 'delete' }>) => {
      const key = slotKey(edit.day, edit.original);
      setDeleting((keys) => new Set(keys).add(key));
      try {
        return await submit(edit, { success: t`Show deleted.`, failure: () => t`Failed to delete show.` });
      } finally {
        setDeleting((keys) => {
          const next = new Set(keys);
          next.delete(key);
          return next;
        });
      }
    },
    [submit],
  );

  const upload = useCallback(async () => {
    const failure = (reason: string) => t`Failed to upload schedule: ${reason}`;
    // The regular week is a chunk of its own, off every first paint: fetched for the upload.
    const week = await import('../../lib/bundled-schedule.ts').then(
      ({ bundledSchedule }) => bundledSchedule(),
      (error: unknown) => {
        toast.show(failure(error instanceof Error ? error.message : String(error)));
        return null;
      },
    );
    if (!week) return null;
    if (week.every((day) => day.shows.length === 0)) {
      toast.show(t`No schedule data to upload`);
      return null;
    }
    return submit({ kind: 'replace', schedule: week }, { success: t`Schedule uploaded!`, failure });
  }, [submit, toast]);

  return { busy: pending > 0, deleting, save, remove, upload };
}
