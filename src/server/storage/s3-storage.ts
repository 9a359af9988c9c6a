/**
 * A store in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…) through the official AWS SDK v3
 * client. An object is written by one PutObject, which S3 applies whole or not at all, so
 * readers never see a partial object and an interrupted write leaves nothing behind. The SDK is
 * loaded when a store is made: a server keeping its files on disk never loads it (a third of a
 * second of a core at each start, and its warnings).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { assertValidKey, type ObjectMeta, type PutBody, type PutMeta, type Storage, StorageUnavailableError, type StoredObject } from './storage.js';

/** Where the bucket is and how to reach it. */
export interface S3StorageOptions {
  /** The bucket holding the objects; it must exist. */
  bucket: string;
  /** The bucket's region (any value for most S3-compatible servers). */
  region: string;
  /** The service URL for an S3-compatible server; AWS's own endpoint when absent. */
  endpoint?: string;
  /** Addresses the bucket in the path (`host/bucket/key`) instead of the host name, as MinIO and most local servers need. */
  forcePathStyle?: boolean;
  /** Static keys; without them the SDK's default chain is used (AWS_* variables, shared config, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** How long the start-up check waits for the bucket to answer. */
const CHECK_TIMEOUT_MS = 10_000;

/** Where the start-up check writes its empty object (removed at once); no upload or export key starts so. */
const CHECK_PREFIX = 'storage-check';

/** User metadata keeps the upload's name URL-encoded: S3 metadata values are ASCII. */
const FILENAME_METADATA = 'filename';

function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return failure?.name === 'NoSuchKey' || failure?.name === 'NotFound' || failure?.$metadata?.httpStatusCode === 404;
}

function decodeFilename(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** PutObject needs the length up front: a stream of chunks is gathered first (uploads are bounded by FILE_SIZE_LIMIT). */
async function bytesOf(body: PutBody): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A store of objects in `options.bucket`. */
export async function createS3Storage(options: S3StorageOptions): Promise<Storage> {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const Bucket = options.bucket;

  return {
    async put(key: string, body: PutBody, meta: PutMeta): Promise<void> {
      assertValidKey(key);
      const bytes = await bytesOf(body);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: meta.contentType,
          ...(meta.filename ? { Metadata: { [FILENAME_METADATA]: encodeURIComponent(meta.filename) } } : {}),
        }),
      );
    },

    async get(key: string): Promise<StoredObject | null> {
      assertValidKey(key);
      let answer;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      // In Node the body is the HTTP response itself: the bytes stream through, never buffered.
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a readable body`);
      const stream = answer.Body;
      const filename = decodeFilename(answer.Metadata?.[FILENAME_METADATA]);
      const meta: ObjectMeta = {
        contentType: answer.ContentType ?? 'application/octet-stream',
        ...(filename ? { filename } : {}),
        size: answer.ContentLength ?? 0,
        modifiedAt: answer.LastModified ?? new Date(0),
      };
      return { stream, meta };
    },

    async delete(key: string): Promise<void> {
      assertValidKey(key);
      // S3 answers a delete of a missing object with success too.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async check(): Promise<void> {
      const where = `S3 bucket "${Bucket}"${options.endpoint ? ` at ${options.endpoint}` : ''}`;
      // An object written and removed, as every upload needs: credentials allowed only that
      // (no s3:ListBucket, which HeadBucket would need) pass, and ones that cannot write do not.
      const probe = `${CHECK_PREFIX}/${randomUUID()}`;
      const abortSignal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: probe, Body: new Uint8Array(0), ContentLength: 0 }), { abortSignal });
        await client.send(new DeleteObjectCommand({ Bucket, Key: probe }), { abortSignal });
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const reason = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError' ? `no answer within ${CHECK_TIMEOUT_MS / 1000} s` : (error as Error).message || (error as Error).name;
        throw new StorageUnavailableError(
          status === 404
            ? `The ${where} does not exist: create it, or set S3_BUCKET to one that does.`
            : status === 401 || status === 403
              ? `The ${where} refused these credentials (${status}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or the AWS credentials in the environment), and that they may put and delete objects in it.`
              : `The ${where} cannot be reached (${reason}): check S3_ENDPOINT, S3_REGION and the network.`,
          { cause: error },
        );
      }
    },

    async exists(key: string): Promise<boolean> {
      assertValidKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async removeAbandonedWrites(): Promise<number> {
      // A PutObject that stops leaves nothing behind.
      return 0;
    },

    close() {
      client.destroy();
    },
  };
}
