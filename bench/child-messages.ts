import type { ChildProcess } from 'node:child_process';

/**
 * The next IPC message from a forked bench child that carries `key`; rejects if the child (named
 * `who` in the error) exits first.
 */
export function nextMessage<T>(child: ChildProcess, key: keyof T & string, who: string): Promise<T> {
  return new Promise((done, fail) => {
    const onExit = (code: number | null) => fail(new Error(`${who} exited (${code})`));
    const onMessage = (message: T) => {
      if (message[key] === undefined) return;
      child.off('message', onMessage);
      // A child asked once a round: a listener left behind per question piles up.
      child.off('exit', onExit);
      done(message);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
