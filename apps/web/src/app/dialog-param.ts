import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** `?dialog=sleep-timer` opens the sleep timer over any screen (Home's Timer shortcut sets it). */
export const DIALOG_PARAM = 'dialog';
export const SLEEP_TIMER_DIALOG = 'sleep-timer';
/** `?dialog=notifications` opens the Notifications modal (the header's bell sets it). */
export const NOTIFICATIONS_DIALOG = 'notifications';
/** `?dialog=shortcuts` lists the keyboard shortcuts, with their on/off switch (the `?` key sets it). */
export const SHORTCUTS_DIALOG = 'shortcuts';

/** Whether `?dialog=<name>` is set, and the calls that set and clear it (history entries kept honest). */
export function useDialogParam(name: string): { open: boolean; show: () => void; close: () => void } {
  const [params, setParams] = useSearchParams();
  const show = useCallback(() => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(DIALOG_PARAM, name);
      return next;
    });
  }, [name, setParams]);
  const close = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DIALOG_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  return { open: params.get(DIALOG_PARAM) === name, show, close };
}
