import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  FAVOURITE_STATES,
  favouriteCardsQuerySchema,
  favouritesMergeSchema,
  LIMITS,
  LISTINGS_PATTERNS,
  MESSAGES,
  type FavouriteCardsQuery,
  type FavouriteCardsResponse,
  type FavouriteChangeResponse,
  type FavouriteIdsResponse,
  type FavouritesMergeInput,
  type FavouritesMergeResponse,
  type FavouritesResponse,
  type PublicUser,
} from '@mboa/contracts';
import { actorOf } from '../auth/actor.js';
import { CurrentUser, SignedIn } from '../auth/current-session.js';
import { ERROR_BODY_REF } from '../docs/api-answers.js';
import { jsonSchemaOf, type OpenApiSchema } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';

const ids: OpenApiSchema = { type: 'array', items: { type: 'string', format: 'uuid' }, maxItems: LIMITS.favourites.maxPerUser };
const card: OpenApiSchema = {
  type: 'object',
  required: ['propertyId', 'available', 'state', 'property'],
  properties: {
    propertyId: { type: 'string', format: 'uuid' },
    available: { type: 'boolean', description: 'The public sees it now' },
    state: { type: 'string', enum: [...FAVOURITE_STATES], description: 'rented and deactivated are said; any other reason is only unavailable' },
    property: {
      type: 'object',
      nullable: true,
      description:
        'The search card (PropertyRead). Not available: for an account, the card without the owner’s contact details or description; in the device list’s cards, null',
    },
    savedAt: { type: 'string', format: 'date-time', description: 'Account favourites only' },
  },
};
/** Every error answers the shared ErrorBody component (docs/openapi.ts). */
const error = (description: string): { description: string; schema: OpenApiSchema } => ({ description, schema: ERROR_BODY_REF });
const change: OpenApiSchema = {
  type: 'object',
  required: ['message', 'propertyId', 'favourite', 'total'],
  properties: { message: { type: 'string' }, propertyId: { type: 'string', format: 'uuid' }, favourite: { type: 'boolean' }, total: { type: 'integer' } },
};

/** Favourites (docs/api.md#favourites): the account's list, and the device list's cards for anyone. */
@ApiTags('favourites')
@Controller('api/favourites')
export class FavouritesController {
  constructor(private readonly services: Services) {}

  @Get()
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'The signed-in account’s favourites, newest first; rented, deactivated or otherwise unavailable ones stay, marked; deleted ones are gone' })
  @ApiResponse({ status: 200, description: '{ favourites, total }', schema: { type: 'object', required: ['favourites', 'total'], properties: { favourites: { type: 'array', items: card }, total: { type: 'integer' } } } })
  @ApiResponse({ status: 401, ...error('Please log in to continue.') })
  list(@CurrentUser() user: PublicUser): Promise<FavouritesResponse> {
    return this.services.call(LISTINGS_PATTERNS.favouritesList, { actor: actorOf(user) });
  }

  @Get('ids')
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'The ids of the signed-in account’s favourites (what the hearts show), newest first' })
  @ApiResponse({ status: 200, description: '{ propertyIds }', schema: { type: 'object', required: ['propertyIds'], properties: { propertyIds: ids } } })
  @ApiResponse({ status: 401, ...error('Please log in to continue.') })
  ids(@CurrentUser() user: PublicUser): Promise<FavouriteIdsResponse> {
    return this.services.call(LISTINGS_PATTERNS.favouritesIds, { actor: actorOf(user) });
  }

  @Get('cards')
  @ApiOperation({
    summary: `Anyone: the cards of a device’s favourites (at most ${LIMITS.favourites.maxIdsPerRequest} ids), in the order asked. A listing the public does not see is only { available: false, state: "unavailable", property: null }; an unknown or deleted id has no card`,
  })
  @ApiQuery({ name: 'ids', required: true, description: 'Property ids, comma-separated (or `ids` repeated)', type: 'string' })
  @ApiResponse({ status: 200, description: '{ favourites }', schema: { type: 'object', required: ['favourites'], properties: { favourites: { type: 'array', items: card } } } })
  @ApiResponse({ status: 400, ...error('An id that is not a property id, or too many ids') })
  cards(@Query(new ZodBody(favouriteCardsQuerySchema)) query: FavouriteCardsQuery): Promise<FavouriteCardsResponse> {
    if (query.ids.length === 0) return Promise.resolve({ favourites: [] });
    return this.services.call(LISTINGS_PATTERNS.favouritesCards, query);
  }

  @Post('merge')
  @HttpCode(200)
  @UseGuards(SignedIn)
  @ApiOperation({
    summary:
      'Right after log-in or sign-up: adds the device’s favourites to the account. Unknown or hidden ids are ignored, saved ones change nothing, past the cap the rest are dropped',
  })
  @ApiBody({ schema: jsonSchemaOf(favouritesMergeSchema) })
  @ApiResponse({ status: 200, description: '{ added, propertyIds }', schema: { type: 'object', required: ['added', 'propertyIds'], properties: { added: { type: 'integer' }, propertyIds: ids } } })
  @ApiResponse({ status: 400, ...error('An id that is not a property id, or too many ids') })
  @ApiResponse({ status: 401, ...error('Please log in to continue.') })
  merge(@Body(new ZodBody(favouritesMergeSchema)) body: FavouritesMergeInput, @CurrentUser() user: PublicUser): Promise<FavouritesMergeResponse> {
    return this.services.call(LISTINGS_PATTERNS.favouritesMerge, { actor: actorOf(user), propertyIds: body.propertyIds });
  }

  @Put(':propertyId')
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'Keeps a listing the account may see; doing it again changes nothing' })
  @ApiParam({ name: 'propertyId', description: 'Property id' })
  @ApiResponse({ status: 200, description: `{ message: "${MESSAGES.favourites.added}", propertyId, favourite: true, total }`, schema: change })
  @ApiResponse({ status: 401, ...error('Please log in to continue.') })
  @ApiResponse({ status: 404, ...error('Property not found (unknown, deleted, or not seen by this account)') })
  @ApiResponse({ status: 409, ...error(MESSAGES.favourites.tooMany) })
  async add(@Param('propertyId') propertyId: string, @CurrentUser() user: PublicUser): Promise<FavouriteChangeResponse> {
    const reply = await this.services.call(LISTINGS_PATTERNS.favouritesAdd, { actor: actorOf(user), propertyId });
    return { message: MESSAGES.favourites.added, ...reply };
  }

  @Delete(':propertyId')
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'Takes a listing off the account’s favourites; one that was not on it is already off' })
  @ApiParam({ name: 'propertyId', description: 'Property id' })
  @ApiResponse({ status: 200, description: `{ message: "${MESSAGES.favourites.removed}", propertyId, favourite: false, total }`, schema: change })
  @ApiResponse({ status: 401, ...error('Please log in to continue.') })
  @ApiResponse({ status: 404, ...error('Property not found (not a property id)') })
  async remove(@Param('propertyId') propertyId: string, @CurrentUser() user: PublicUser): Promise<FavouriteChangeResponse> {
    const reply = await this.services.call(LISTINGS_PATTERNS.favouritesRemove, { actor: actorOf(user), propertyId });
    return { message: MESSAGES.favourites.removed, ...reply };
  }
}
