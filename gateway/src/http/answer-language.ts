import type { NextFunction, Request, Response } from 'express';
import { DEFAULT_LANGUAGE, LANGUAGES, translateFieldError, translateText, type Language } from '@mboa/contracts';

/**
 * The language of an answer, from `Accept-Language` (q-values honoured, `fr-CM` counts as `fr`,
 * through Express's own negotiator). English when the header is absent or names neither, so a
 * client that never asked sees exactly what it always saw.
 */
export function answerLanguage(req: Request): Language {
  const best = req.acceptsLanguages(...LANGUAGES);
  return LANGUAGES.find((l) => l === best) ?? DEFAULT_LANGUAGE;
}

/**
 * Services answer and refuse in the catalogue's English; the caller reads its own language. Every
 * JSON answer that carries a `message` or `errors` (errors, validation, success toasts; /api and
 * the few JSON refusals elsewhere, such as an unknown /media file) is translated here, on its way
 * out: a catalogue text becomes the same key's text in the caller's
 * language, a field error keeps its field, and anything that is not a catalogue text (a title, a
 * name, a ticket's message inside `data`) is left exactly as it is. Such answers say which language
 * they are in, and that they differ by `Accept-Language` for any cache on the way.
 */
export function answerInCallersLanguage(req: Request, res: Response, next: NextFunction): void {
  const json = res.json.bind(res);
  res.json = function (this: Response, body?: unknown) {
    if (!carriesText(body)) return json(body);
    const language = answerLanguage(req);
    this.setHeader('Content-Language', language);
    this.vary('Accept-Language');
    if (language === DEFAULT_LANGUAGE) return json(body);
    const translated: Record<string, unknown> = { ...body };
    if (typeof body.message === 'string') translated.message = translateText(body.message, language);
    if (Array.isArray(body.errors)) {
      translated.errors = body.errors.map((e: unknown) => (typeof e === 'string' ? translateFieldError(e, language) : e));
    }
    return json(translated);
  } as Response['json'];
  next();
}

function carriesText(body: unknown): body is { message?: unknown; errors?: unknown } & Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  return typeof message === 'string' || Array.isArray(errors);
}
