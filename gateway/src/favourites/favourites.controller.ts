import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  favouriteCardsQuerySchema,
  favouriteCardsResponseSchema,
  favouriteChangeResponseSchema,
  favouriteIdsResponseSchema,
  favouritesMergeResponseSchema,
  favouritesMergeSchema,
  favouritesResponseSchema,
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
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';

/** Favourites (docs/api.md#favourites): the account's list, and the device list's cards for anyone. */
@ApiTags('favourites')
@Controller('api/favourites')
export class FavouritesController {
  constructor(private readonly services: Services) {}

  @Get()
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'The signed-in account’s favourites, newest first; rented, deactivated or otherwise unavailable ones stay, marked; deleted ones are gone' })
  @ApiAnswers({ 200: { schema: favouritesResponseSchema, description: '{ favourites, total }' } })
  list(@CurrentUser() user: PublicUser): Promise<FavouritesResponse> {
    return this.services.call(LISTINGS_PATTERNS.favouritesList, { actor: actorOf(user) });
  }

  @Get('ids')
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'The ids of the signed-in account’s favourites (what the hearts show), newest first' })
  @ApiAnswers({ 200: { schema: favouriteIdsResponseSchema, description: '{ propertyIds }' } })
  ids(@CurrentUser() user: PublicUser): Promise<FavouriteIdsResponse> {
    return this.services.call(LISTINGS_PATTERNS.favouritesIds, { actor: actorOf(user) });
  }

  @Get('cards')
  @ApiOperation({
    summary: `Anyone: the cards of a device’s favourites (at most ${LIMITS.favourites.maxIdsPerRequest} ids), in the order asked. A listing the public does not see is only { available: false, state: "unavailable", property: null }; an unknown or deleted id has no card`,
  })
  @ApiQuery({ name: 'ids', required: true, description: 'Property ids, comma-separated (or `ids` repeated)', type: 'string' })
  @ApiAnswers({ 200: { schema: favouriteCardsResponseSchema, description: '{ favourites }' }, errors: { 400: 'An id that is not a property id, or too many ids' } })
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
  @ApiAnswers({ 200: { schema: favouritesMergeResponseSchema, description: '{ added, propertyIds }' }, errors: { 400: 'An id that is not a property id, or too many ids' } })
  merge(@Body(new ZodBody(favouritesMergeSchema)) body: FavouritesMergeInput, @CurrentUser() user: PublicUser): Promise<FavouritesMergeResponse> {
    return this.services.call(LISTINGS_PATTERNS.favouritesMerge, { actor: actorOf(user), propertyIds: body.propertyIds });
  }

  @Put(':propertyId')
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'Keeps a listing the account may see; doing it again changes nothing' })
  @ApiParam({ name: 'propertyId', description: 'Property id' })
  @ApiAnswers({
    200: { schema: favouriteChangeResponseSchema, description: `{ message: "${MESSAGES.favourites.added}", propertyId, favourite: true, total }` },
    errors: { 404: 'Property not found (unknown, deleted, or not seen by this account)', 409: MESSAGES.favourites.tooMany },
  })
  async add(@Param('propertyId') propertyId: string, @CurrentUser() user: PublicUser): Promise<FavouriteChangeResponse> {
    const reply = await this.services.call(LISTINGS_PATTERNS.favouritesAdd, { actor: actorOf(user), propertyId });
    return { message: MESSAGES.favourites.added, ...reply };
  }

  @Delete(':propertyId')
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'Takes a listing off the account’s favourites; one that was not on it is already off' })
  @ApiParam({ name: 'propertyId', description: 'Property id' })
  @ApiAnswers({
    200: { schema: favouriteChangeResponseSchema, description: `{ message: "${MESSAGES.favourites.removed}", propertyId, favourite: false, total }` },
    errors: { 404: 'Property not found (not a property id)' },
  })
  async remove(@Param('propertyId') propertyId: string, @CurrentUser() user: PublicUser): Promise<FavouriteChangeResponse> {
    const reply = await this.services.call(LISTINGS_PATTERNS.favouritesRemove, { actor: actorOf(user), propertyId });
    return { message: MESSAGES.favourites.removed, ...reply };
  }
}
