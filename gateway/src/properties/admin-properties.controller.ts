import { Body, Controller, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  adminManagePropertiesResponseSchema,
  adminManagePropertiesSchema,
  adminPropertyChangeResponseSchema,
  adminPropertyResponseSchema,
  LISTINGS_PATTERNS,
  MESSAGES,
  propertyEditSchema,
  type AdminManagePropertiesInput,
  type AdminPropertyListResponse,
  type AdminPropertyResponse,
  type AdminPropertyChangeResponse,
  type PropertyEditInput,
  type PublicUser,
} from '@mboa/contracts';
import { actorOf } from '../auth/actor.js';
import { AdminOnly, CurrentUser } from '../auth/current-session.js';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';

/** The admin's property calls: list and status actions (docs/api.md#admin), the review screen's read, and edit. */
@ApiTags('admin')
@Controller('api/admin')
@UseGuards(AdminOnly)
export class AdminPropertiesController {
  constructor(private readonly services: Services) {}

  @Post('manage/properties')
  @HttpCode(200)
  @ApiOperation({
    summary: 'List properties (10 a page, by status) or markRented / markAvailable / deactivate / activate one',
    description: 'markRented needs available, markAvailable needs rented, deactivate needs not deactivated, activate needs deactivated; otherwise 409.',
  })
  @ApiBody({ schema: jsonSchemaOf(adminManagePropertiesSchema) })
  @ApiAnswers({
    200: { schema: adminManagePropertiesResponseSchema, description: 'list: { properties (with contactCount and textFlags, staff only), total, page, totalPages }; a status action: { message, property }' },
    errors: { 404: 'Property not found', 409: '`This status change is not allowed.` (the action does not fit the current status)' },
  })
  async manage(
    @Body(new ZodBody(adminManagePropertiesSchema)) body: AdminManagePropertiesInput,
    @CurrentUser() admin: PublicUser,
  ): Promise<AdminPropertyListResponse | AdminPropertyChangeResponse> {
    if (body.type === 'list') return this.services.call(LISTINGS_PATTERNS.adminList, { ...body.payload, actor: actorOf(admin) });
    const property = await this.services.call(LISTINGS_PATTERNS.adminStatus, { propertyId: body.payload.propertyId, action: body.type, actor: actorOf(admin) });
    return { message: MESSAGES.toast.adminPropertyStatusUpdated, property };
  }

  @Get('properties/:id')
  @ApiOperation({ summary: 'A property in any state, with its author, for the review screen' })
  @ApiParam({ name: 'id', description: 'Property id' })
  @ApiAnswers({
    200: {
      schema: adminPropertyResponseSchema,
      description:
        "{ property } with contactCount, review and photoMatches: [{ imageUrl, matchedPropertyId, matchedPropertyTitle, matchedImageUrl, distance }], its photos found in another owner's earlier listing; priceCheck: { term, price, median, comparables, ratio, flagged } or null (fewer than 5 comparable listings); textFlags: what the title and description ask for ('visit-fee', 'pay-before-visit', 'other-phone'), staff only",
    },
    errors: { 404: 'Property not found' },
  })
  get(@Param('id') id: string): Promise<AdminPropertyResponse> {
    return this.services.call(LISTINGS_PATTERNS.adminGet, { id });
  }

  @Patch('properties/:id')
  @ApiOperation({
    summary: "Edit a property's text fields, price, payment term, specifications (and location, amenities)",
    description: 'Any subset of the post fields, validated as when posting. Answers { message, property }; publishes property.updated with the admin as actor.',
  })
  @ApiParam({ name: 'id', description: 'Property id' })
  @ApiBody({ schema: jsonSchemaOf(propertyEditSchema) })
  @ApiAnswers({
    200: { schema: adminPropertyChangeResponseSchema, description: '{ message, property }' },
    errors: { 400: '`Nothing to update`, a type outside the category, a required specification missing after the change', 404: 'Property not found' },
  })
  async edit(@Param('id') id: string, @Body(new ZodBody(propertyEditSchema)) body: PropertyEditInput, @CurrentUser() admin: PublicUser): Promise<AdminPropertyChangeResponse> {
    const property = await this.services.call(LISTINGS_PATTERNS.adminEdit, { id, data: body, actor: actorOf(admin) });
    return { message: MESSAGES.property.updated, property };
  }
}
