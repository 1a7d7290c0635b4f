import { saveListeningSession } from './session-storage.ts';

interface OpenSession {
  id: string;
  startTime: number;
}

/**
 * One listening session at a time: start on play, end on stop. The open session is also written at
 * each checkpoint, under its final id, so a tab killed mid-session keeps the time listened so far.
 */
export class ListeningSessionRecorder {
  #open: OpenSession | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  get isOpen(): boolean {
    return this.#open !== null;
  }

  start(): void {
    if (this.#open) return;
    const startTime = this.now();
    this.#open = { id: `${startTime.toString(36)}-${Math.random().toString(36).slice(2, 10)}`, startTime };
  }

  checkpoint(): void {
    if (this.#open) saveListeningSession(this.#open.id, this.#open.startTime, this.now());
  }

  end(): void {
    this.checkpoint();
    this.#open = null;
  }
}
