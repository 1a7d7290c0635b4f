import * as fs from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** An open chunk being written: appends go out in order; `close` waits for them. */
export interface ChunkWriter {
  append(bytes: Buffer): Promise<void>;
  close(): Promise<void>;
}

/** Random access to one chunk's bytes. */
export interface ChunkReader {
  /** Up to `length` bytes from `position` (fewer at the end of what is written so far). */
  read(position: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** Where the recorded audio lives: a directory (one machine or a shared volume) or object storage. */
export interface ArchiveStorage {
  create(id: string): Promise<ChunkWriter>;
  open(id: string): Promise<ChunkReader>;
  /** The chunk's bytes on storage; null when it is not there. */
  size(id: string): Promise<number | null>;
  /** Cuts the chunk to `length` bytes (a torn last frame after a crash); only before `seal`. */
  truncate(id: string, length: number): Promise<void>;
  /** The chunk is complete and will never change (object storage uploads it now). */
  seal(id: string): Promise<void>;
  /** Chunks written but not sealed yet (the one being recorded, or an upload that failed). */
  unsealed(): Promise<string[]>;
  remove(id: string): Promise<void>;
}

/** The few file calls the directory storage makes; tests pass a failing one (a full disk). */
export type ArchiveFs = Pick<typeof fs, 'open' | 'mkdir' | 'stat' | 'truncate' | 'rm'>;

/** Chunk ids are made by the recorder (`<start ms>-<random>`); anything else never reaches a path. */
const CHUNK_ID = /^\d{13}-[0-9a-z]{6,12}$/;

/** Chunks in `dir/<UTC day>/<id>.mp3`: one folder a day keeps folders small and retention obvious. */
export class DirectoryStorage implements ArchiveStorage {
  constructor(
    readonly dir: string,
    private readonly files: ArchiveFs = fs,
  ) {}

  /** The chunk's file. */
  pathOf(id: string): string {
    return this.#path(id);
  }

  #path(id: string): string {
    if (!CHUNK_ID.test(id)) throw new Error(`not a chunk id: ${id}`);
    const day = new Date(Number(id.slice(0, 13))).toISOString().slice(0, 10);
    return join(this.dir, day, `${id}.mp3`);
  }

  async create(id: string): Promise<ChunkWriter> {
    const path = this.#path(id);
    await this.files.mkdir(dirname(path), { recursive: true });
    const handle = await this.files.open(path, 'a');
    let queue: Promise<unknown> = Promise.resolve();
    return {
      append: (bytes) => {
        const write = queue.then(async () => {
          let written = 0;
          while (written < bytes.length) {
            const { bytesWritten } = await handle.write(bytes, written, bytes.length - written);
            written += bytesWritten;
          }
        });
        queue = write.catch(() => undefined);
        return write;
      },
      close: async () => {
        await queue;
        await handle.close();
      },
    };
  }

  async open(id: string): Promise<ChunkReader> {
    const handle = await this.files.open(this.#path(id), 'r');
    return {
      read: async (position, length) => {
        const buffer = Buffer.allocUnsafe(length);
        const { bytesRead } = await handle.read(buffer, 0, length, position);
        return buffer.subarray(0, bytesRead);
      },
      close: () => handle.close(),
    };
  }

  async size(id: string): Promise<number | null> {
    try {
      return (await this.files.stat(this.#path(id))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async truncate(id: string, length: number): Promise<void> {
    await this.files.truncate(this.#path(id), length);
  }

  async seal(): Promise<void> {
    // The file is already where readers find it.
  }

  async unsealed(): Promise<string[]> {
    return [];
  }

  /** Every chunk in the directory, by id. */
  async ids(): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names.flatMap((name) => {
      const id = /(\d{13}-[0-9a-z]{6,12})\.mp3$/.exec(name)?.[1];
      return id === undefined ? [] : [id];
    });
  }

  async remove(id: string): Promise<void> {
    const path = this.#path(id);
    await this.files.rm(path, { force: true });
    // The day's folder goes with its last chunk (rmdir refuses a folder that still holds some).
    await fs.rmdir(dirname(path)).catch(() => undefined);
  }
}
