import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  bookingResponseSchema,
  bookingSchema,
  CONTROL_CHECKED_PARAM,
  GEO,
  LISTINGS_PATTERNS,
  mapQuerySchema,
  mapResponseSchema,
  MESSAGES,
  myListingsResponseSchema,
  myListingsSchema,
  profileResponseSchema,
  propertyReadSchema,
  SEARCH_SORTS,
  searchQuerySchema,
  searchResponseSchema,
  similarListingsResponseSchema,
  type BookingInput,
  type BookingResponse,
  type MyListingsDeleteResponse,
  type MyListingsFetchResponse,
  type MyListingsInput,
  type MyListingsUpdateResponse,
  type MapQuery,
  type MapResponse,
  type ProfileResponse,
  type PropertyRead,
  type PublicUser,
  type SearchQuery,
  type SearchResponse,
  type SimilarListingsResponse,
} from '@mboa/contracts';
import { PublicSearchAnswers } from './public-search-answers.js';
import { SearchCounter } from './search-counter.js';
import { actorOf } from '../auth/actor.js';
import { CurrentSession, CurrentUser, SignedIn } from '../auth/current-session.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { ViewReports } from '../insights/view-reports.js';
import { Services } from '../rpc/rpc.provider.js';

const SEARCH_PARAMS: { name: keyof SearchQuery; description: string; type: 'string' | 'number'; enum?: readonly string[] }[] = [
  { name: 'search', description: 'Text in title, description, town, neighbourhood or type; typos tolerated', type: 'string' },
  { name: 'category', description: 'residential or commercial ("all" or empty: any)', type: 'string' },
  { name: 'propertyType', description: 'A residential or commercial property type, e.g. apartment, shop ("all" or empty: any)', type: 'string' },
  { name: 'town', description: 'Town, case- and accent-insensitive', type: 'string' },
  { name: 'rooms', description: '1–6: that many bedrooms (residential) or sections (commercial) or more', type: 'number' },
  { name: 'minPrice', description: 'FCFA, included', type: 'number' },
  { name: 'maxPrice', description: 'FCFA, included', type: 'number' },
  {
    name: 'sort',
    description:
      'newest (default: newest first, or by relevance with text), price-asc or price-desc: by the monthly equivalent of the price (a day ×30, a quarter ÷3, a year ÷12), equal ones newest first; distance (needs near): nearest area first, listings without a pin last',
    type: 'string',
    enum: SEARCH_SORTS,
  },
  {
    name: CONTROL_CHECKED_PARAM,
    description: 'true: only listings whose control staff checked (checks.control not null); any other value is refused',
    type: 'string',
    enum: ['true'],
  },
  {
    name: 'bbox',
    description: `west,south,east,north in degrees around Cameroon, at most ${GEO.maxBoxSpanDeg}° each way: listings whose approximate area centre is inside (edges included); listings without a pin never are`,
    type: 'string',
  },
  { name: 'near', description: 'lat,lng around Cameroon: cards gain distanceKm (to the approximate area centre); sort=distance orders by it', type: 'string' },
  { name: 'page', description: '1-based page', type: 'number' },
  { name: 'limit', description: 'Cards per page, default 12, at most 50', type: 'number' },
];

/** The map takes the search's filters and a required box; no order, place or page. */
const MAP_PARAMS = SEARCH_PARAMS.filter((p) => !['sort', 'near', 'page', 'limit'].includes(p.name));

function ApiSearchQueries(params = SEARCH_PARAMS, required: readonly string[] = []): MethodDecorator {
  return (target, key, descriptor) => {
    for (const p of params) ApiQuery({ name: p.name, required: required.includes(p.name), type: p.type, description: p.description, ...(p.enum ? { enum: [...p.enum] } : {}) })(target, key, descriptor);
  };
}

/** Property calls for everyone (docs/api.md#properties): search, details, My Listings, bookings and the profile. */
@ApiTags('properties')
@Controller('api')
export class PropertiesController {
  constructor(
    private readonly services: Services,
    private readonly session: CurrentSession,
    private readonly views: ViewReports,
    private readonly searches: PublicSearchAnswers,
    private readonly searchCounter: SearchCounter,
  ) {}

  @Get('properties/search')
  @ApiOperation({ summary: 'Search approved, available listings; newest first without text, or sorted by price (sort=); empty values are ignored' })
  @ApiSearchQueries()
  @ApiAnswers({
    200: { schema: searchResponseSchema, description: '{ properties, total, totalIsLowerBound, page, totalPages }' },
    errors: {
      400: 'A filter out of range, a sort other than newest, price-asc, price-desc or distance, sort=distance without near, a bbox or near that is not numbers around Cameroon (inverted, across the antimeridian, too wide), or controlChecked other than true (the field named)',
    },
  })
  async search(@Query(new ZodBody(searchQuerySchema)) query: SearchQuery): Promise<SearchResponse> {
    const answer = await this.searches.search(query);
    // A renter's search, counted however it was answered (kept answers never reach listings).
    this.searchCounter.searched(query, answer.total);
    return answer;
  }

  // Before properties/:id, or "map" would be read as an id.
  @Get('properties/map')
  @ApiOperation({
    summary: `The map (docs/api.md#search-by-area-and-the-map): approximate area centres of the listings the same filters find in the box (required), newest first, at most ${GEO.mapPoints}; truncated when more matched`,
  })
  @ApiSearchQueries(MAP_PARAMS, ['bbox'])
  @ApiAnswers({
    200: { schema: mapResponseSchema, description: '{ points: [{ id, lat, lng, price, paymentTerm }], total, truncated }' },
    errors: { 400: 'bbox missing or not numbers around Cameroon (inverted, across the antimeridian, too wide), or a filter out of range (the field named)' },
  })
  map(@Query(new ZodBody(mapQuerySchema)) query: MapQuery): Promise<MapResponse> {
    return this.searches.map(query);
  }

  @Get('properties/:id')
  @ApiOperation({ summary: 'One property. The public sees approved, available ones; owners and admins see theirs in any state; otherwise 404' })
  @ApiParam({ name: 'id', description: 'Property id' })
  @ApiAnswers({
    200: {
      schema: propertyReadSchema,
      description: 'The property (PropertyRead, the one shape a property is answered in), with owner: { firstName, verified, memberSince, activeListings } (who you are dealing with)',
    },
    errors: { 404: 'Property not found' },
  })
  async details(@Param('id') id: string, @Req() req: Request): Promise<PropertyRead> {
    const user = await this.session.user(req);
    const property = await this.services.call(LISTINGS_PATTERNS.propertyGet, { id, actor: user ? actorOf(user) : undefined });
    // Counted for the owner's insights once answered, without waiting (docs/api.md#owner-insights).
    this.views.report(req, user, property.id);
    return property;
  }

  @Get('properties/:id/similar')
  @ApiOperation({
    summary:
      'Up to 6 public listings like this one (docs/api.md#similar-listings): same category and town, the same type first, then the closest price per month; 404 when the property itself may not be seen',
  })
  @ApiParam({ name: 'id', description: 'Property id' })
  @ApiAnswers({
    200: { schema: similarListingsResponseSchema, description: '{ properties }: search cards (PropertyRead), closest first; empty when there are none' },
    errors: { 404: 'Property not found' },
  })
  async similar(@Param('id') id: string, @Req() req: Request): Promise<SimilarListingsResponse> {
    const user = await this.session.user(req);
    return this.services.call(LISTINGS_PATTERNS.propertySimilar, { id, actor: user ? actorOf(user) : undefined });
  }

  @Post('property/my-listings')
  @HttpCode(200)
  @UseGuards(SignedIn)
  @ApiOperation({ summary: "The signed-in owner's listings: fetch (page, limit 5/10/20, status), update status or where it is (location.pin, location.landmark), delete, confirm (still available)" })
  @ApiBody({ schema: jsonSchemaOf(myListingsSchema) })
  @ApiAnswers({
    200: {
      schema: myListingsResponseSchema,
      description: 'fetch: { data, meta: { total, page, totalPages } }; update and confirm: { data: the property, message }; delete: { data: { id }, message }',
    },
    errors: { 404: 'Not yours, or unknown', 409: '`This status change is not allowed.`' },
  })
  async myListings(
    @Body(new ZodBody(myListingsSchema)) body: MyListingsInput,
    @CurrentUser() user: PublicUser,
  ): Promise<MyListingsFetchResponse | MyListingsUpdateResponse | MyListingsDeleteResponse> {
    const actor = actorOf(user);
    switch (body.action) {
      case 'fetch':
        return this.services.call(LISTINGS_PATTERNS.myListingsFetch, { actor, payload: body.payload });
      case 'update': {
        const data = await this.services.call(LISTINGS_PATTERNS.myListingsUpdate, { actor, payload: body.payload });
        // A status change says the new status; a change of the pin or landmark alone says so.
        const message = body.payload.data.status !== undefined ? MESSAGES.toast.propertyStatusUpdated(data.status) : MESSAGES.toast.propertyLocationUpdated;
        return { data, message };
      }
      case 'delete': {
        const data = await this.services.call(LISTINGS_PATTERNS.myListingsDelete, { actor, payload: body.payload });
        return { data, message: MESSAGES.toast.propertyDeleted };
      }
      case 'confirm': {
        const data = await this.services.call(LISTINGS_PATTERNS.myListingsConfirm, { actor, payload: body.payload });
        return { data, message: MESSAGES.freshness.confirmed };
      }
    }
  }

  @Post('property/bookings')
  @HttpCode(201)
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'Record a contact with a landlord before WhatsApp opens; `propertyId` optional' })
  @ApiBody({ schema: jsonSchemaOf(bookingSchema) })
  @ApiAnswers({
    201: { schema: bookingResponseSchema, description: '{ message, booking }' },
    errors: { 400: 'A field refused, not someone who lists properties, or the owner does not match the property', 404: 'Property not found' },
  })
  async booking(@Body(new ZodBody(bookingSchema)) body: BookingInput, @CurrentUser() user: PublicUser): Promise<BookingResponse> {
    const booking = await this.services.call(LISTINGS_PATTERNS.bookingsCreate, { actor: actorOf(user), data: body });
    return { message: MESSAGES.booking.created, booking };
  }

  @Get('user/me')
  @UseGuards(SignedIn)
  @ApiOperation({ summary: 'The profile of the signed-in user with the number of properties they own' })
  @ApiAnswers({ 200: { schema: profileResponseSchema, description: '{ profile, totalProperties }' } })
  async profile(@CurrentUser() user: PublicUser): Promise<ProfileResponse> {
    const { totalProperties } = await this.services.call(LISTINGS_PATTERNS.profileCount, { userId: user.id });
    return { profile: user, totalProperties };
  }
}
