import { MESSAGES } from '@mboa/contracts';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Controller, Get, Inject, Logger, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { MEDIA_CACHE_CONTROL, MEDIA_STAGING_PREFIX } from '@mboa/contracts';
import { assertValidObjectKey, ObjectNotFoundError, type ObjectInfo, type ObjectStore, type StoredObject } from '@mboa/platform';
import { errorResponse } from '../docs/api-answers.js';
import { OBJECT_STORE } from './object-store.provider.js';

const NOT_FOUND = { message: MESSAGES.common.fileNotFound };

/**
 * Serves the object store's files at /media/<key>. Keys are content-addressed (a key's bytes never
 * change), so answers are cacheable for a year, and the ETag can come from the key alone.
 */
@ApiTags('media')
@Controller('media')
export class MediaFilesController {
  private readonly logger = new Logger('media');

  constructor(@Inject(OBJECT_STORE) private readonly store: ObjectStore) {}

  @Get('*key')
  @ApiOperation({ summary: 'A stored image (WebP variants of property photos); GET and HEAD, ETag/If-None-Match' })
  @ApiParam({ name: 'key', description: 'e.g. properties/<scope>/<id>-large.webp' })
  @ApiResponse({
    status: 200,
    description: 'The file, Cache-Control: public, max-age=31536000, immutable',
    content: { 'image/webp': { schema: { type: 'string', format: 'binary' } }, 'image/*': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiResponse({ status: 304, description: 'If-None-Match matched' })
  @ApiResponse({ status: 404, ...errorResponse(404, 'No such file (or a key that is not valid)') })
  async serve(@Param('key') param: string | string[], @Req() req: Request, @Res() res: Response): Promise<void> {
    const key = Array.isArray(param) ? param.join('/') : String(param ?? '');
    if (!servable(key)) {
      res.status(404).json(NOT_FOUND);
      return;
    }
    const etag = `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
    const revalidating = matches(req.headers['if-none-match'], etag);
    let object: StoredObject | ObjectInfo;
    try {
      // Only a full GET needs the bytes; HEAD and a matching If-None-Match need to know it exists.
      object = req.method === 'GET' && !revalidating ? await this.store.get(key) : await this.store.stat(key);
    } catch (e) {
      if (e instanceof ObjectNotFoundError) {
        res.status(404).json(NOT_FOUND);
        return;
      }
      throw e;
    }
    res.setHeader('Cache-Control', MEDIA_CACHE_CONTROL);
    res.setHeader('ETag', etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (revalidating) {
      res.status(304).end();
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', object.contentType);
    res.setHeader('Content-Length', String(object.size));
    const body = 'body' in object ? (object as StoredObject).body : undefined;
    if (!body || Buffer.isBuffer(body)) {
      res.end(body);
      return;
    }
    try {
      await pipeline(body, res);
    } catch (e) {
      // The client left mid-file, or the store failed after the headers went out: nothing to answer.
      if (!res.destroyed) this.logger.warn(`serving ${key} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

/** A valid object key outside the staging area (uploads not yet checked are never served). */
function servable(key: string): boolean {
  if (key.startsWith(MEDIA_STAGING_PREFIX)) return false;
  try {
    assertValidObjectKey(key);
    return true;
  } catch {
    return false;
  }
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
