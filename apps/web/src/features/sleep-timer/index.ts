export { useSleepTimer, type SleepTimer } from './use-sleep-timer.ts';
