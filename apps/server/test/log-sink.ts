import { Writable } from 'node:stream';

export interface LogLine {
  level: number;
  msg: string;
  ip?: string;
  req?: { remoteAddress?: string };
}

/** Collects the server's JSON log lines, as an operator's log file (or fail2ban) would see them. */
export function logSink(): { stream: Writable; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line !== '') lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { stream, lines };
}
