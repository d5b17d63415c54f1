import { Body, Controller, Delete, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AUTH_PATTERNS,
  MESSAGES,
  adminManageUserSchema,
  adminUserListResponseSchema,
  userChangeResponseSchema,
  userUpdateSchema,
  type AdminManageUserInput,
  type AdminUserListResponse,
  type PublicUser,
  type UserChangeResponse,
  type UserUpdateInput,
} from '@mboa/contracts';
import { z } from 'zod';
import { ApiAnswers } from '../docs/api-answers.js';
import { jsonSchemaOf } from '../docs/json-schema.js';
import { ZodBody } from '../http/zod-body.pipe.js';
import { Services } from '../rpc/rpc.provider.js';
import { actorOf } from '../auth/actor.js';
import { AdminOnly, CurrentUser } from '../auth/current-session.js';

const STATUS_CALLS = {
  ban: AUTH_PATTERNS.usersBan,
  unban: AUTH_PATTERNS.usersUnban,
  verify: AUTH_PATTERNS.usersVerify,
} as const;

@ApiTags('admin')
@Controller('api/admin')
@UseGuards(AdminOnly)
export class AdminUsersController {
  constructor(private readonly services: Services) {}

  @Post('manage/user')
  @HttpCode(200)
  @ApiOperation({ summary: 'List users (10 a page, search by WhatsApp, filter) or ban / unban / verify one' })
  @ApiBody({ schema: jsonSchemaOf(adminManageUserSchema) })
  @ApiAnswers({
    200: { schema: z.union([adminUserListResponseSchema, userChangeResponseSchema]), description: 'list: { users, total, page, totalPages }; ban / unban / verify: { message, user }' },
    errors: { 404: 'User not found', 409: 'Already verified, already banned, not banned, or `Admins cannot be banned.`' },
  })
  async manage(@Body(new ZodBody(adminManageUserSchema)) body: AdminManageUserInput, @CurrentUser() admin: PublicUser): Promise<AdminUserListResponse | UserChangeResponse> {
    if (body.type === 'list') return this.services.call(AUTH_PATTERNS.usersList, body.payload);
    const reply = await this.services.call(STATUS_CALLS[body.type], {
      userId: body.payload.userId,
      actor: actorOf(admin),
    });
    return { message: MESSAGES.toast.userStatusUpdated, user: reply.user };
  }

  @Patch('users/:id')
  @ApiOperation({ summary: "Edit a user's name and WhatsApp number (same rules as sign-up)" })
  @ApiBody({ schema: jsonSchemaOf(userUpdateSchema) })
  @ApiAnswers({ 200: { schema: userChangeResponseSchema, description: '{ message, user }' }, errors: { 404: 'User not found' } })
  async edit(@Param('id') id: string, @Body(new ZodBody(userUpdateSchema)) body: UserUpdateInput, @CurrentUser() admin: PublicUser): Promise<UserChangeResponse> {
    const reply = await this.services.call(AUTH_PATTERNS.usersUpdate, {
      userId: id,
      ...body,
      actor: actorOf(admin),
    });
    return { message: MESSAGES.auth.userUpdated, user: reply.user };
  }

  @Delete('users/:id/second-factor')
  @ApiOperation({ summary: "Remove a staff member's authenticator app (a lost phone): their sessions end and they set one up at their next sign-in; audited" })
  @ApiAnswers({
    200: { schema: userChangeResponseSchema, description: '{ message, user }' },
    errors: { 404: 'User not found', 409: '`Only staff accounts have a second factor.` or `This person has no authenticator app set up.`' },
  })
  async resetSecondFactor(@Param('id') id: string, @CurrentUser() admin: PublicUser): Promise<UserChangeResponse> {
    const reply = await this.services.call(AUTH_PATTERNS.secondFactorReset, { userId: id, actor: actorOf(admin) });
    return { message: MESSAGES.secondFactor.reset, user: reply.user };
  }
}
