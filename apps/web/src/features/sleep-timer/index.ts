export { SleepTimerModal } from './SleepTimerModal.tsx';
export { useSleepTimer, type SleepTimer } from './use-sleep-timer.ts';
