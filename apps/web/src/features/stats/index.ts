export { useListeningSessions, type ListeningFacts } from './use-listening-sessions.ts';
