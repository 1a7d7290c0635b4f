import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import * as fs from 'node:fs/promises';
import type { ArchiveStorage, ChunkReader, ChunkWriter } from './archive-storage.ts';
import { DirectoryStorage } from './archive-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** Key prefix, e.g. `onair/archive/`. */
  prefix: string;
  client: S3Client;
  /** Where the chunk being written is kept until it is complete (`ARCHIVE_DIR`). */
  stagingDir: string;
}

/**
 * Chunks in S3-compatible object storage (AWS S3, R2, B2, MinIO). An object cannot be appended
 * to, so the chunk being recorded is written to `stagingDir` first (a kill loses nothing written,
 * as on a directory) and uploaded whole when it is sealed, then removed from the staging folder.
 * Readers take the staged file while it is there (the recording instance, up to the live edge)
 * and ranged GETs of the object otherwise; other instances thus rewind up to the last sealed
 * chunk (a minute behind live at most).
 */
export class S3Storage implements ArchiveStorage {
  readonly #staging: DirectoryStorage;

  constructor(private readonly options: S3StorageOptions) {
    this.#staging = new DirectoryStorage(options.stagingDir);
  }

  #key(id: string): string {
    return `${this.options.prefix}${new Date(Number(id.slice(0, 13))).toISOString().slice(0, 10)}/${id}.mp3`;
  }

  create(id: string): Promise<ChunkWriter> {
    return this.#staging.create(id);
  }

  async open(id: string): Promise<ChunkReader> {
    if ((await this.#staging.size(id)) !== null) return this.#staging.open(id);
    const { client, bucket } = this.options;
    const key = this.#key(id);
    return {
      read: async (position, length) => {
        if (length <= 0) return Buffer.alloc(0);
        try {
          const answer = await client.send(
            new GetObjectCommand({
              Bucket: bucket,
              Key: key,
              Range: `bytes=${position}-${position + length - 1}`,
            }),
          );
          return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        } catch (error) {
          // A range starting at the end is "not satisfiable": nothing more to read.
          if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 416)
            return Buffer.alloc(0);
          throw error;
        }
      },
      close: async () => undefined,
    };
  }

  async size(id: string): Promise<number | null> {
    const staged = await this.#staging.size(id);
    if (staged !== null) return staged;
    try {
      const head = await this.options.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.#key(id) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (
        error instanceof NotFound ||
        error instanceof NoSuchKey ||
        (error as { name?: string }).name === 'NotFound'
      )
        return null;
      throw error;
    }
  }

  truncate(id: string, length: number): Promise<void> {
    return this.#staging.truncate(id, length);
  }

  async seal(id: string): Promise<void> {
    const path = this.#staging.pathOf(id);
    const body = await fs.readFile(path);
    await this.options.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.#key(id),
        Body: body,
        ContentType: 'audio/mpeg',
      }),
    );
    await this.#staging.remove(id);
  }

  /** Staged chunks: the one being recorded, and any whose upload failed (housekeeping seals those again). */
  unsealed(): Promise<string[]> {
    return this.#staging.ids();
  }

  async remove(id: string): Promise<void> {
    await this.#staging.remove(id);
    await this.options.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.#key(id) }),
    );
  }
}
