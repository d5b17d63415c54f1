import { Client, type BucketItem } from 'minio';
import {
  assertValidObjectKey,
  assertValidPrefix,
  contentTypeFromKey,
  limitBytes,
  ObjectNotFoundError,
  type ObjectInfo,
  type ObjectSource,
  type ObjectStore,
  type PutStreamOptions,
  type StoredObject,
} from './object-store.js';

export interface MinioObjectStoreConfig {
  /** e.g. `http://127.0.0.1:9000`; `https:` turns TLS on, a missing port means the scheme's default. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** Default `us-east-1`, MinIO's own default. */
  region?: string;
}

/**
 * Part size of streamed uploads: S3's smallest multipart part, so one upload holds at most this
 * much in memory. An object that ends before it is sent in one plain PUT.
 */
export const STREAM_PART_BYTES = 5 * 1024 * 1024;

const NOT_FOUND_CODES = new Set(['NoSuchKey', 'NotFound', 'NoSuchObject']);
const BUCKET_TAKEN_CODES = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);
const codeOf = (e: unknown): string | undefined => (e as { code?: string } | null)?.code;

/** Objects in a MinIO (or any S3 API) bucket, created on first use when missing. */
export class MinioObjectStore implements ObjectStore {
  readonly bucket: string;
  private readonly client: Client;
  private readonly region: string;
  private bucketReady?: Promise<void>;

  constructor(config: MinioObjectStoreConfig) {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(config.endpoint) ? config.endpoint : `http://${config.endpoint}`);
    const useSSL = url.protocol === 'https:';
    this.bucket = config.bucket;
    this.region = config.region ?? 'us-east-1';
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: config.accessKey,
      secretKey: config.secretKey,
      region: this.region,
      // Path-style URLs (host/bucket/key): MinIO behind a plain host name has no per-bucket DNS.
      pathStyle: true,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidObjectKey(key);
    await this.ensureBucket();
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  /**
   * minio's own putObject(stream) buffers a whole part of up to ~550 MB when the size is unknown
   * and lists in-progress uploads first (which not every S3 server implements), so parts are
   * cut and sent here, one at a time.
   */
  async putStream(key: string, body: ObjectSource, contentType: string, options: PutStreamOptions = {}): Promise<{ size: number }> {
    assertValidObjectKey(key);
    await this.ensureBucket();
    const headers = { 'Content-Type': contentType };
    const parts: { part: number; etag: string }[] = [];
    let uploadId: string | undefined;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    const sendPart = async (): Promise<void> => {
      uploadId ??= await this.client.initiateNewMultipartUpload(this.bucket, key, headers);
      const payload = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const part = parts.length + 1;
      const { etag } = await this.client.uploadPart(
        { bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber: part, headers: { 'Content-Length': payload.length } },
        payload,
      );
      parts.push({ part, etag });
    };
    try {
      for await (const chunk of limitBytes(body, key, options.maxBytes)) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        size += chunk.length;
        if (pendingBytes >= STREAM_PART_BYTES) await sendPart();
      }
      if (!uploadId) {
        await this.client.putObject(this.bucket, key, Buffer.concat(pending, pendingBytes), pendingBytes, headers);
        return { size };
      }
      if (pendingBytes > 0) await sendPart();
      await this.client.completeMultipartUpload(this.bucket, key, uploadId, parts);
      return { size };
    } catch (e) {
      // Parts of an abandoned upload cost storage until aborted.
      if (uploadId) await this.client.abortMultipartUpload(this.bucket, key, uploadId).catch(() => undefined);
      throw e;
    }
  }

  async get(key: string): Promise<StoredObject> {
    const info = await this.stat(key);
    try {
      const body = await this.client.getObject(this.bucket, key);
      return { ...info, body };
    } catch (e) {
      throw this.notFoundOr(key, e);
    }
  }

  async stat(key: string): Promise<ObjectInfo> {
    assertValidObjectKey(key);
    await this.ensureBucket();
    try {
      const stat = await this.client.statObject(this.bucket, key);
      const contentType = (stat.metaData?.['content-type'] as string | undefined) || contentTypeFromKey(key);
      return { size: stat.size, contentType };
    } catch (e) {
      throw this.notFoundOr(key, e);
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.stat(key);
      return true;
    } catch (e) {
      if (e instanceof ObjectNotFoundError) return false;
      throw e;
    }
  }

  async remove(key: string): Promise<void> {
    assertValidObjectKey(key);
    await this.ensureBucket();
    try {
      await this.client.removeObject(this.bucket, key);
    } catch (e) {
      if (!NOT_FOUND_CODES.has(codeOf(e) ?? '')) throw e;
    }
  }

  async list(prefix: string): Promise<string[]> {
    assertValidPrefix(prefix);
    await this.ensureBucket();
    const keys: string[] = [];
    // The stream yields BucketItems; its Readable type does not say so.
    for await (const item of this.client.listObjectsV2(this.bucket, prefix, true) as AsyncIterable<BucketItem>) {
      if (item.name) keys.push(item.name);
    }
    return keys.sort();
  }

  /**
   * Days after which the bucket's lifecycle rules expire objects under `prefix` (the shortest
   * enabled rule whose prefix covers it), or null when no rule does. Read with the apps' own key,
   * which may read the rules but not change them (the compose stack's storage-init sets them).
   * @throws the store's error when it cannot report its rules (e.g. NotImplemented, AccessDenied)
   */
  async expiryDaysFor(prefix: string): Promise<number | null> {
    let config: Awaited<ReturnType<Client['getBucketLifecycle']>>;
    try {
      config = await this.client.getBucketLifecycle(this.bucket);
    } catch (e) {
      if (codeOf(e) === 'NoSuchLifecycleConfiguration') return null;
      throw e;
    }
    const rules = config?.Rule ? (Array.isArray(config.Rule) ? config.Rule : [config.Rule]) : [];
    const days = rules
      .filter((rule) => rule.Status === 'Enabled' && prefix.startsWith(rule.Filter?.Prefix ?? rule.Prefix ?? ''))
      .map((rule) => Number(rule.Expiration?.Days))
      .filter((d) => Number.isFinite(d) && d > 0);
    return days.length ? Math.min(...days) : null;
  }

  /** Creates the bucket once per process if it is missing; a failure is retried on the next call. */
  ensureBucket(): Promise<void> {
    this.bucketReady ??= this.createBucketIfMissing().catch((e: unknown) => {
      this.bucketReady = undefined;
      throw e;
    });
    return this.bucketReady;
  }

  private async createBucketIfMissing(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.region);
    } catch (e) {
      // Another instance of the service won the race: fine.
      if (!BUCKET_TAKEN_CODES.has(codeOf(e) ?? '')) throw e;
    }
  }

  private notFoundOr(key: string, e: unknown): unknown {
    return NOT_FOUND_CODES.has(codeOf(e) ?? '') ? new ObjectNotFoundError(key, { cause: e }) : e;
  }
}
