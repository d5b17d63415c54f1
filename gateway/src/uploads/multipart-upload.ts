import { randomUUID } from 'node:crypto';
import { BadRequestException, HttpException, HttpStatus, Logger } from '@nestjs/common';
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { MEDIA_STAGING_PREFIX, MESSAGES } from '@mboa/contracts';
import { ObjectTooLargeError, type ObjectStore } from '@mboa/platform';
import { UPLOAD_MESSAGES } from './upload-messages.js';

export interface UploadLimits {
  /** The form field holding the files (`propertyImages`); files under any other name are ignored. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  maxFields: number;
  /** Per text field. */
  maxFieldBytes: number;
}

/** One received file, already in the object store under a staging key. */
export interface StagedFile {
  key: string;
  /** As the client named it. */
  filename: string;
  size: number;
}

export interface ReceivedUpload {
  /** Text fields in the order sent (repeated names kept). */
  fields: [string, string][];
  /** Files in the order sent. */
  files: StagedFile[];
}

/** How long the connection of a refused upload stays open (unread) before it is cut. */
const LINGER_MS = 2000;

const log = new Logger('uploads');

/**
 * Reads a multipart request as it arrives: text fields into memory (small, capped), each file of
 * `fileField` streamed straight into the object store under `uploads/<uuid>`. Limits are enforced
 * while reading: the 11th file or a file's 10 MB + 1st byte stops the upload at once (the
 * answer goes out without waiting for the rest of the body). On any refusal every staged file is
 * removed before this rejects; on success the caller owns (and must remove) them.
 */
export function receiveUpload(req: Request, res: Response, store: ObjectStore, limits: UploadLimits): Promise<ReceivedUpload> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(new BadRequestException({ message: UPLOAD_MESSAGES.notMultipart }));
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // Browsers send UTF-8 file names.
      defParamCharset: 'utf8',
      limits: {
        files: limits.maxFiles,
        fileSize: limits.maxFileBytes,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes,
        parts: limits.maxFiles + limits.maxFields + 5,
        fieldNameSize: 200,
      },
    });
  } catch {
    return Promise.reject(new BadRequestException({ message: UPLOAD_MESSAGES.notMultipart }));
  }

  return new Promise<ReceivedUpload>((resolve, reject) => {
    const fields: [string, string][] = [];
    const files: StagedFile[] = [];
    const writes: Promise<unknown>[] = [];
    const open = new Set<busboy.FileStream>();
    let failure: unknown;
    let settled = false;

    const settle = async () => {
      if (settled) return;
      settled = true;
      if (failure !== undefined) {
        // Answer at once; the staged files go right after (the abandoned write settles first).
        reject(failure);
        await Promise.allSettled(writes);
        await Promise.all(files.map((f) => store.remove(f.key).catch(() => undefined)));
        return;
      }
      await Promise.allSettled(writes);
      if (failure === undefined) return resolve({ fields, files });
      await Promise.all(files.map((f) => store.remove(f.key).catch(() => undefined)));
      reject(failure);
    };

    /** Refuses the upload: stop parsing, abandon the file in progress, answer without waiting for the rest. */
    const stop = (error: unknown) => {
      if (failure !== undefined) return;
      failure = error;
      req.unpipe(parser);
      for (const stream of open) stream.destroy(error instanceof Error ? error : undefined);
      if (!req.complete) lingerThenClose(req, res);
      void settle();
    };

    parser.on('file', (name, stream, info) => {
      if (failure !== undefined || name !== limits.fileField || !info.filename) {
        stream.resume();
        return;
      }
      const staged: StagedFile = { key: `${MEDIA_STAGING_PREFIX}${randomUUID()}`, filename: info.filename, size: 0 };
      files.push(staged);
      open.add(stream);
      stream.once('limit', () => stop(tooLarge(staged.filename)));
      writes.push(
        store
          .putStream(staged.key, stream, 'application/octet-stream', { maxBytes: limits.maxFileBytes })
          .then(({ size }) => {
            staged.size = size;
            if (stream.truncated) stop(tooLarge(staged.filename));
          })
          .catch((e: unknown) => {
            if (failure !== undefined) return; // the refusal that destroyed the stream
            if (e instanceof ObjectTooLargeError) return stop(tooLarge(staged.filename));
            log.error(`staging ${staged.key} failed: ${e instanceof Error ? e.message : String(e)}`);
            stop(new HttpException({ message: MESSAGES.property.submitFailed }, HttpStatus.SERVICE_UNAVAILABLE));
          })
          .finally(() => open.delete(stream)),
      );
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) return stop(new HttpException({ message: UPLOAD_MESSAGES.fieldTooLarge }, 413));
      fields.push([name, value]);
    });
    parser.on('filesLimit', () => stop(new BadRequestException({ message: MESSAGES.property.maxImages })));
    parser.on('fieldsLimit', () => stop(new HttpException({ message: UPLOAD_MESSAGES.tooManyFields }, 413)));
    parser.on('partsLimit', () => stop(new HttpException({ message: UPLOAD_MESSAGES.tooManyFields }, 413)));
    parser.on('error', () => stop(new BadRequestException({ message: UPLOAD_MESSAGES.malformed })));
    parser.on('close', () => void settle());
    // The client went away mid-upload: nothing to answer, only staged files to remove.
    req.on('close', () => {
      if (!req.complete) stop(new BadRequestException({ message: UPLOAD_MESSAGES.malformed }));
    });
    req.pipe(parser);
  });
}

function tooLarge(filename: string): HttpException {
  return new HttpException(
    { message: MESSAGES.property.imageTooLarge, errors: [`${displayName(filename)}: ${MESSAGES.property.imageTooLarge}`] },
    HttpStatus.PAYLOAD_TOO_LARGE,
  );
}

/** The name the person chose, without the web app's `${timestamp}-${index}-` prefix. */
export function displayName(filename: string): string {
  return filename.replace(/^\d{10,}-\d{1,3}-/, '') || filename;
}

/**
 * Ends a refused upload without reading the rest of its body: TCP back-pressure stops the sender
 * within a few buffers. The answer says `Connection: close`, so no client reuses the connection;
 * the socket is half-closed after the answer rather than destroyed (destroying it with unread
 * data sends a TCP reset, which can swallow the answer), and cut a moment later.
 */
function lingerThenClose(req: Request, res: Response): void {
  req.pause();
  if (!res.headersSent) res.setHeader('Connection', 'close');
  const socket = req.socket;
  // Node destroys a `Connection: close` socket once the answer is written; end it instead (the
  // HTTP server's sockets allow half-open), so the client still reads the answer.
  socket.destroySoon = () => socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
