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
  /** The refusal of the file past `maxFiles` (400); a posting's `Maximum 10 images allowed` unless given. */
  tooManyFilesMessage?: string;
}

/** One received file, already in the object store under a staging key. */
export interface StagedFile {
  key: string;
  /** As the client named it. */
  filename: string;
  size: number;
}

export interface UploadHooks {
  /**
   * Called once, with the text fields, when the first file of `fileField` begins (or when the body
   * ends without one: `withFiles` false), and awaited before a byte of any file is stored: the
   * place to check the fields and who may post. Rejecting refuses the upload with that error,
   * nothing stored.
   */
  beforeFiles?: (fields: readonly [string, string][], withFiles: boolean) => Promise<void>;
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
export function receiveUpload(
  req: Request,
  res: Response,
  store: ObjectStore,
  limits: UploadLimits,
  hooks: UploadHooks = {},
): Promise<ReceivedUpload> {
  if (!req.is('multipart/form-data')) {
    refuseUnread(req, res);
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
    refuseUnread(req, res);
    return Promise.reject(new BadRequestException({ message: UPLOAD_MESSAGES.notMultipart }));
  }

  return new Promise<ReceivedUpload>((resolve, reject) => {
    const fields: [string, string][] = [];
    const files: StagedFile[] = [];
    const writes: Promise<unknown>[] = [];
    const open = new Set<busboy.FileStream>();
    let failure: Error | undefined;
    const refusalSoFar = (): Error | undefined => failure;
    let settled = false;
    let fileSeen = false;
    // The fields check, run once before the first byte of a file is stored.
    let checked: Promise<void> | undefined;
    const check = (withFiles: boolean) =>
      (checked ??= (hooks.beforeFiles ? hooks.beforeFiles(fields, withFiles) : Promise.resolve()).catch((e: unknown) => {
        stop(e);
        throw e;
      }));

    const settle = async () => {
      if (settled) return;
      if (failure === undefined) {
        // A body without files is checked at its end, like any other.
        await check(false).catch(() => undefined);
        if (settled) return;
      }
      settled = true;
      if (failure !== undefined) {
        // Answer at once; the staged files go right after (the abandoned write settles first).
        reject(failure);
        await Promise.allSettled(writes);
        await Promise.all(files.map((f) => store.remove(f.key).catch(() => undefined)));
        return;
      }
      await Promise.allSettled(writes);
      // Read through a call: the parser's events set it while this awaited, which narrowing cannot see.
      const refusal = refusalSoFar();
      if (refusal === undefined) return resolve({ fields, files });
      await Promise.all(files.map((f) => store.remove(f.key).catch(() => undefined)));
      reject(refusal);
    };

    /** Refuses the upload: stop parsing, abandon the file in progress, answer without waiting for the rest. */
    const stop = (error: unknown) => {
      if (failure !== undefined) return;
      // The refusals here are Errors (HttpExceptions, the store's); anything else is wrapped so the caller still gets one.
      failure = error instanceof Error ? error : new Error(String(error));
      req.unpipe(parser);
      for (const stream of open) stream.destroy(error instanceof Error ? error : undefined);
      if (!req.complete) lingerThenClose(req, res);
      void settle();
    };

    parser.on('file', (name, stream, info) => {
      // A file stream errs when it is abandoned (destroyed) or the body breaks mid-file; with no
      // listener that error would end the process. Whoever reads it sees the error too.
      stream.on('error', () => undefined);
      if (failure !== undefined || name !== limits.fileField || !info.filename) {
        stream.resume();
        return;
      }
      fileSeen = true;
      const staged: StagedFile = { key: `${MEDIA_STAGING_PREFIX}${randomUUID()}`, filename: info.filename, size: 0 };
      files.push(staged);
      open.add(stream);
      stream.once('limit', () => stop(tooLarge(staged.filename)));
      writes.push(
        // Unread until the check passes: back-pressure holds the rest of the body meanwhile.
        check(true)
          .then(() => {
            if (failure !== undefined) throw failure;
            return store.putStream(staged.key, stream, 'application/octet-stream', { maxBytes: limits.maxFileBytes });
          })
          .then(({ size }) => {
            staged.size = size;
            if (stream.truncated) stop(tooLarge(staged.filename));
          })
          .catch((e: unknown) => {
            if (failure !== undefined) return; // the refusal that destroyed the stream (or the failed check)
            if (e instanceof ObjectTooLargeError) return stop(tooLarge(staged.filename));
            log.error(`staging ${staged.key} failed: ${e instanceof Error ? e.message : String(e)}`);
            stop(new HttpException({ message: MESSAGES.property.submitFailed }, HttpStatus.SERVICE_UNAVAILABLE));
          })
          .finally(() => open.delete(stream)),
      );
    });
    parser.on('field', (name, value, info) => {
      if (failure !== undefined) return;
      if (info.valueTruncated || info.nameTruncated) return stop(new HttpException({ message: UPLOAD_MESSAGES.fieldTooLarge }, 413));
      // The details are judged before any photo is stored, so they must all come first (the web
      // app sends them so): a field behind a photo would arrive after the judgement.
      if (fileSeen) {
        return stop(new BadRequestException({ message: UPLOAD_MESSAGES.fieldsAfterFiles, errors: [`${name}: ${UPLOAD_MESSAGES.fieldsAfterFiles}`] }));
      }
      fields.push([name, value]);
    });
    parser.on('filesLimit', () => stop(new BadRequestException({ message: limits.tooManyFilesMessage ?? MESSAGES.property.maxImages })));
    parser.on('fieldsLimit', () => stop(new HttpException({ message: UPLOAD_MESSAGES.tooManyFields }, 413)));
    parser.on('partsLimit', () => stop(new HttpException({ message: UPLOAD_MESSAGES.tooManyFields }, 413)));
    const malformed = () => stop(new BadRequestException({ message: UPLOAD_MESSAGES.malformed }));
    parser.on('error', malformed);
    parser.on('close', () => void settle());
    // A socket error mid-body (reset by a phone changing cells) reaches the request stream.
    req.on('error', malformed);
    // The client went away mid-upload: nothing to answer, only staged files to remove.
    req.on('close', () => {
      if (!req.complete) malformed();
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
  req.on('error', () => undefined);
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

/**
 * For a request refused before its body is read (signed out, not allowed to post, too many
 * posts): answer without reading it, so the refusal costs no upload bandwidth or work.
 */
export function refuseUnread(req: Request, res: Response): void {
  if (req.complete || req.readableEnded) return;
  lingerThenClose(req, res);
}
