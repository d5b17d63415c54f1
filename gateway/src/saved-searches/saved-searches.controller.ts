import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  ALERT_FREQUENCIES,
  catalogueOf,
  savedSearchTexts,
  isLanguage,
  LIMITS,
  LISTINGS_PATTERNS,
  MESSAGES,
  savedSearchChangeResponseSchema,
  savedSearchCreateSchema,
  savedSearchDeleteResponseSchema,
  savedSearchListReplySchema,
  savedSearchUpdateSchema,
  translateText,
  unsubscribeTokenSchema,
  type Language,
  type PublicUser,
  type SavedSearch,
  type SavedSearchCreateInput,
  type SavedSearchListReply,
  type SavedSearchUpdateInput,
} from '@mboa/contracts';
import { RpcCallError } from '@mboa/platform';
import { actorOf } from '../auth/actor.js';
import { CurrentUser, SignedIn } from '../auth/current-session.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf, type OpenApiSchema } from '../docs/json-schema.js';
import { answerLanguage } from '../http/answer-language.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';

const filterFields: Record<string, OpenApiSchema> = {
    search: { type: 'string' },
    category: { type: 'string', enum: ['residential', 'commercial'] },
    propertyType: { type: 'string' },
    town: { type: 'string' },
    rooms: { type: 'integer', minimum: 1, maximum: 6 },
    minPrice: { type: 'number', minimum: 0 },
    maxPrice: { type: 'number', minimum: 0 },
    controlChecked: { type: 'boolean', enum: [true], description: 'Only listings whose control our team checked (docs/api.md#what-was-checked)' },
};
const filters: OpenApiSchema = {
  type: 'object',
  description: 'The home filters, as GET /api/properties/search takes them (without sort and paging); omitted ones match anything',
  properties: filterFields,
};
/** The unsubscribe link answers a small page, not JSON. */
const page = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Saved searches (docs/api.md#saved-searches): the signed-in renter's list, a new one from the home
 * filters, a change, a deletion; and the alerts' one-click unsubscribe link, which needs no session
 * (the token is the proof; listings keeps only its hash).
 */
@ApiTags('saved-searches')
@Controller('api/saved-searches')
export class SavedSearchesController {
  constructor(private readonly services: Services) {}

  @Get()
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'The signed-in account’s saved searches, newest first, and how many it may keep' })
  @ApiAnswers({ 200: { schema: savedSearchListReplySchema, description: '{ searches, max }' } })
  list(@CurrentUser() user: PublicUser): Promise<SavedSearchListReply> {
    return this.services.call(LISTINGS_PATTERNS.savedSearchesList, { actor: actorOf(user) });
  }

  @Post()
  @UseGuards(SignedIn)
  @ApiOperation({
    summary: `Saves the home filters (as in the search query) with alerts instant (default) or daily; the name is made from the filters in the caller’s language. At most ${LIMITS.savedSearches.maxPerUser} per account, each set of filters once`,
  })
  @ApiBody({ schema: { ...filters, properties: { ...filterFields, frequency: { type: 'string', enum: [...ALERT_FREQUENCIES], default: 'instant' } } } })
  @ApiAnswers({
    201: { schema: savedSearchChangeResponseSchema, description: `{ message: "${MESSAGES.savedSearches.created}", data: SavedSearch }` },
    errors: { 400: 'A filter or the frequency is not valid (the field named)', 409: `${MESSAGES.savedSearches.duplicate} / ${MESSAGES.savedSearches.tooMany}` },
  })
  async create(@Body(new ZodBody(savedSearchCreateSchema)) body: SavedSearchCreateInput, @CurrentUser() user: PublicUser, @Req() req: Request): Promise<{ message: string; data: SavedSearch }> {
    const data = await this.services.call(LISTINGS_PATTERNS.savedSearchesCreate, { actor: actorOf(user), language: answerLanguage(req), data: body });
    return { message: MESSAGES.savedSearches.created, data };
  }

  @Patch(':id')
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'Renames a saved search, changes how often it alerts, or its filters (new filters without a name get a new automatic name)' })
  @ApiParam({ name: 'id', description: 'Saved search id' })
  @ApiBody({ schema: jsonSchemaOf(savedSearchUpdateSchema) })
  @ApiAnswers({
    200: { schema: savedSearchChangeResponseSchema, description: `{ message: "${MESSAGES.savedSearches.updated}", data: SavedSearch }` },
    errors: { 400: 'Nothing to change, or a value that is not valid', 404: MESSAGES.savedSearches.notFound, 409: MESSAGES.savedSearches.duplicate },
  })
  async update(
    @Param('id') id: string,
    @Body(new ZodBody(savedSearchUpdateSchema)) body: SavedSearchUpdateInput,
    @CurrentUser() user: PublicUser,
    @Req() req: Request,
  ): Promise<{ message: string; data: SavedSearch }> {
    const data = await this.services.call(LISTINGS_PATTERNS.savedSearchesUpdate, { actor: actorOf(user), id, language: answerLanguage(req), data: body });
    return { message: MESSAGES.savedSearches.updated, data };
  }

  @Delete(':id')
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'Deletes a saved search and its alerts' })
  @ApiParam({ name: 'id', description: 'Saved search id' })
  @ApiAnswers({
    200: { schema: savedSearchDeleteResponseSchema, description: `{ message: "${MESSAGES.savedSearches.deleted}", data: { id } }` },
    errors: { 404: MESSAGES.savedSearches.notFound },
  })
  async remove(@Param('id') id: string, @CurrentUser() user: PublicUser): Promise<{ message: string; data: { id: string } }> {
    const data = await this.services.call(LISTINGS_PATTERNS.savedSearchesDelete, { actor: actorOf(user), id });
    return { message: MESSAGES.savedSearches.deleted, data };
  }

  @Get('unsubscribe')
  @ApiOperation({
    summary:
      'The alert e-mail’s unsubscribe link: changes nothing and answers a short page in the reader’s language (lang=, else Accept-Language) with a button that POSTs to the same address, so a mail scanner opening every link deletes nothing. No session: the token is the proof',
  })
  @ApiQuery({ name: 'token', required: true, description: 'The token of the alert’s link' })
  @ApiQuery({ name: 'lang', required: false, description: 'en or fr: the language of the page' })
  @ApiResponse({ status: 200, ...page('A page: "Stop these alerts?" and the button that confirms') })
  @ApiResponse({ status: 404, ...page(`A page: ${MESSAGES.savedSearches.unsubscribeInvalid} (a token that cannot be one)`) })
  unsubscribePage(@Query('token') token: unknown, @Query('lang') lang: unknown, @Req() req: Request, @Res() res: Response): void {
    const asked = pageLanguage(lang, req);
    const parsed = unsubscribeTokenSchema.safeParse({ token });
    if (!parsed.success) return sendPage(res, 404, asked, catalogueOf(asked).savedSearches.unsubscribeInvalid, translateText(MESSAGES.savedSearches.unsubscribeInvalid, asked));
    const texts = savedSearchTexts(asked);
    const action = `/api/saved-searches/unsubscribe?token=${encodeURIComponent(parsed.data.token)}&lang=${asked}`;
    // The same body as a mail client's one-click POST (RFC 8058): the button is that request.
    const form =
      `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
      `<button type="submit" style="font:inherit;font-weight:700;padding:.75rem 1.25rem;border:0;border-radius:8px;background:#b91c1c;color:#fff;cursor:pointer">${escapeHtml(texts.unsubscribeConfirmButton)}</button></form>`;
    sendPage(res, 200, asked, texts.unsubscribeConfirmTitle, texts.unsubscribeConfirmText, form);
  }

  @Post('unsubscribe')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Deletes the saved search the alert was for: the confirm page’s button, and mail clients’ one-click unsubscribe (RFC 8058: POST to the List-Unsubscribe link, body List-Unsubscribe=One-Click); answers a short page in the reader’s language',
  })
  @ApiQuery({ name: 'token', required: true, description: 'The token of the alert’s link' })
  @ApiQuery({ name: 'lang', required: false, description: 'en or fr: the language of the page' })
  @ApiResponse({ status: 200, ...page('A page: the search is no longer alerted') })
  @ApiResponse({ status: 404, ...page(`A page: ${MESSAGES.savedSearches.unsubscribeInvalid}`) })
  async unsubscribe(@Query('token') token: unknown, @Query('lang') lang: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const asked = pageLanguage(lang, req);
    const parsed = unsubscribeTokenSchema.safeParse({ token });
    try {
      if (!parsed.success) throw new RpcCallError(404, MESSAGES.savedSearches.unsubscribeInvalid);
      const reply = await this.services.call(LISTINGS_PATTERNS.savedSearchesUnsubscribe, parsed.data);
      sendPage(res, 200, asked, catalogueOf(asked).savedSearches.unsubscribedTitle, savedSearchTexts(asked).unsubscribed(reply.name));
    } catch (e) {
      if (!(e instanceof RpcCallError) || e.status !== 404) throw e;
      sendPage(res, 404, asked, catalogueOf(asked).savedSearches.unsubscribeInvalid, translateText(MESSAGES.savedSearches.unsubscribeInvalid, asked));
    }
  }
}

function pageLanguage(lang: unknown, req: Request): Language {
  return isLanguage(lang) ? lang : answerLanguage(req);
}

/** The unsubscribe pages: a title, a line and, on the confirm page, its button; never kept by a cache. */
function sendPage(res: Response, status: number, language: Language, title: string, text: string, extra = ''): void {
  res
    .status(status)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Mboa Rentals</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>` +
        `<p>${escapeHtml(text)}</p>${extra}<p><a href="/">Mboa Rentals</a></p></body></html>`,
    );
}
