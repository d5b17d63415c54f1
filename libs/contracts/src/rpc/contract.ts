import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { ADMIN_PROPERTY_ACTIONS } from '../property.js';
import { LIMITS } from '../limits.js';
import { AUTH_PATTERNS, LISTINGS_PATTERNS, MEDIA_PATTERNS, MODERATION_PATTERNS, SUPPORT_PATTERNS, type Pattern } from '../patterns.js';
import { isUuid } from '../helpers/ids.js';
import { PHOTO_HASH_CROPS, PHOTO_HASH_FORMAT, PHOTO_HASH_TURNS } from '../types/media.js';
import {
  actorSchema,
  adminCreateSchema,
  adminManagePropertiesSchema,
  adminManageRequestsSchema,
  adminManageSupportSchema,
  adminManageUserSchema,
  availabilityTokenSchema,
  bookingSchema,
  idSchema,
  loginSchema,
  myListingsSchema,
  photoReviewSchema,
  requestSpaceSchema,
  resetConfirmRequestSchema,
  resetRequestRpcSchema,
  resetVerifyRpcSchema,
  reviewSchema,
  secondFactorCodeSchema,
  whatsappCodeSchema,
  searchQuerySchema,
  mapQuerySchema,
  signupSchema,
  supportTicketSchema,
  userUpdateSchema,
  type AdminManagePropertiesInput,
  type AvailabilityTokenInput,
  type MyListingsInput,
} from '../schemas/index.js';
import type { Language } from '../i18n/language.js';
import type * as T from '../types/index.js';
import { inTwoSteps, recordOf } from './checks.js';
import {
  reportCreateRequestSchema,
  reportQueueQuerySchema,
  type ReportAction,
  type ReportCreateReply,
  type ReportCreateRequest,
  type ReportQueueQuery,
  type ReportQueueReply,
  type ReportResolveReply,
  type ReportResolveRequest,
} from '../reports.js';
import {
  favouriteCardsRequestSchema,
  favouriteChangeRequestSchema,
  favouritesActorRequestSchema,
  favouritesMergeRequestSchema,
  type FavouriteCardsRequest,
  type FavouriteCardsResponse,
  type FavouriteChangeReply,
  type FavouriteChangeRequest,
  type FavouriteIdsResponse,
  type FavouritesActorRequest,
  type FavouritesMergeRequest,
  type FavouritesMergeResponse,
  type FavouritesResponse,
} from '../favourites.js';
import { myListingsInsightsRequestSchema, type MyListingsInsightsRequest } from '../insights.js';
import {
  adminFiguresRequestSchema,
  searchesCountedRequestSchema,
  type AdminFiguresRequest,
  type ListingsFigures,
  type ModerationQueues,
  type SearchesCountedRequest,
} from '../figures.js';
import type { MyListingsInsightsResponse } from '../responses/insights.js';
import {
  savedSearchRequests,
  type SavedSearch,
  type SavedSearchCreateRequest,
  type SavedSearchIdRequest,
  type SavedSearchListReply,
  type SavedSearchUpdateRequest,
  type UnsubscribeReply,
  type UnsubscribeTokenInput,
} from '../saved-searches.js';
import {
  sitemapListingsRequestSchema,
  sitemapSummaryRequestSchema,
  type SitemapListingsReply,
  type SitemapListingsRequest,
  type SitemapSummaryReply,
  type SitemapSummaryRequest,
} from '../sitemap.js';
import type { AdminVerificationDetail, AdminVerificationListReply, MyVerificationReply, VerificationRequestView } from '../verification.js';
import {
  verificationRpcSchemas,
  type DiscardDocumentsRequest,
  type StoreDocumentsReply,
  type StoreDocumentsRequest,
  type VerificationCheckRequest,
  type VerificationCreateRequest,
  type VerificationDecideRequest,
  type VerificationFileReply,
  type VerificationFileRequest,
  type VerificationIdRequest,
  type VerificationListRequest,
  type VerificationPendingReply,
} from '../verification-requests.js';

/*
 * The NATS request/reply contract: for every pattern, what the caller sends (`request`), what the
 * service checks at its door (RPC_REQUESTS, zod) and what it answers (`reply`). RpcClient.call
 * takes its payload and reply types from here, and each service's handlers are typed from here,
 * so a wrong shape on either side is a compile error. Each schema checks what the service checked
 * by hand before, in the same order and with the same texts; where a rule must be judged before
 * the fields (who may post, admin only), the schema checks the envelope and leaves `data` to the
 * service.
 */

const nothing = z.unknown();
const userIdRequest = z.object({ userId: idSchema, actor: actorSchema.optional() });
/** A change to a user: auth judges who may make it, so the message must name who asks. */
const userChangeRequest = z.object({ userId: idSchema, actor: actorSchema });
/** The session cookie's token; anything else names no session (resolves to nobody). */
const tokenRequest = z.preprocess((v) => {
  const { token } = recordOf(v);
  return { token: typeof token === 'string' ? token : '' };
}, z.object({ token: z.string() }));
/** A message that must name who asks; without a well-formed actor it is "not signed in". */
const actorRequest = z.object({ actor: actorSchema }, { error: MESSAGES.auth.notSignedIn });
/** Text that names no session unless it is a string (a session id, the cookie's token). */
const sessionText = z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string());
/** The caller's own sessions: who asks, and the token of the request's session ("this device"). */
const ownSessionsRequest = z.object({ actor: actorSchema, token: sessionText }, { error: MESSAGES.auth.notSignedIn });
/** The browser a session signs in from, kept (cut to size) to name its device in the list. */
const userAgentField = z.preprocess(
  (v) => (typeof v === 'string' && v.length > 0 ? v.slice(0, LIMITS.session.userAgentMax) : undefined),
  z.string().optional(),
);

// Admin list bodies' `payload` halves: the same paging, filters and error paths ("payload.page").
const usersListPayload = adminManageUserSchema.options[0].shape.payload;
const propertiesListPayload = adminManagePropertiesSchema.options[0].shape.payload as z.ZodType<
  Extract<AdminManagePropertiesInput, { type: 'list' }>['payload']
>;
const [requestsGet, requestsUpdate] = [adminManageRequestsSchema.options[0].shape.payload, adminManageRequestsSchema.options[1].shape.payload];
const [ticketsGet, ticketsUpdate] = [adminManageSupportSchema.options[0].shape.payload, adminManageSupportSchema.options[1].shape.payload];
const asListPayload = <S extends z.ZodType>(payload: S) => {
  // Widened so zod does not compute the object type from the generic S (it cannot index it).
  const shape: { payload: z.ZodType } = { payload };
  return z.preprocess((v) => ({ payload: v }), z.object(shape)).transform((v) => v.payload as z.output<S>);
};

/** My Listings: the owner first, then the action's `payload` half of the HTTP body (same paths). */
function myListings<A extends MyListingsInput['action']>(action: A) {
  type Payload = Extract<MyListingsInput, { action: A }>['payload'];
  return inTwoSteps<typeof actorRequest, typeof myListingsSchema, { actor: T.Actor; payload: Payload }>(
    actorRequest,
    myListingsSchema,
    (input) => ({ action, payload: input.payload }),
    (first, second) => ({ actor: first.actor, payload: second.payload as Payload }),
  );
}

/** A staff command beside who asks: the service judges the actor (admins only), so it must be there. */
const withActor = <S extends z.ZodType>(schema: S) =>
  inTwoSteps(
    actorRequest,
    schema,
    (input) => input,
    (first, data) => ({ ...(data as z.output<S> & object), actor: first.actor }),
  );

const variantSchema = z.object({
  url: z.string().min(1).max(1000),
  key: z.string().min(1).max(500),
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
  bytes: z.number().optional(),
  mimeType: z.string().optional(),
});
const processedImageSchema = z.object({
  large: variantSchema,
  thumbnail: variantSchema,
  alt: z.preprocess((v) => (v == null ? '' : v), z.string().max(300)),
  perceptualHash: z.string().regex(PHOTO_HASH_FORMAT).optional(),
  croppedHashes: z.array(z.string().regex(PHOTO_HASH_FORMAT)).max(PHOTO_HASH_CROPS.length).optional(),
  turnedHashes: z.array(z.string().regex(PHOTO_HASH_FORMAT)).max(PHOTO_HASH_TURNS.length).optional(),
});
const propertyCreateRequest = z.object({
  actor: actorSchema,
  /** Judged by listings after it decided who may post. */
  data: z.unknown(),
  images: z.preprocess(
    (v) => v ?? [],
    z.array(processedImageSchema, { error: MESSAGES.property.imagesInvalid }).max(LIMITS.images.maxCount, { error: MESSAGES.property.maxImages }),
  ),
  postingKey: z.string().min(1).max(LIMITS.idempotency.postingKeyMaxLength).optional(),
});

const propertyPhotosCheckRequest = z.object({ actor: actorSchema, id: idSchema }, { error: MESSAGES.auth.notSignedIn });
const propertyPhotosAddRequest = propertyPhotosCheckRequest.extend({
  images: z
    .array(processedImageSchema, { error: MESSAGES.property.imagesInvalid })
    .min(1, { error: MESSAGES.property.imagesInvalid })
    .max(LIMITS.images.maxCount, { error: MESSAGES.property.maxImages }),
});
const propertyPhotosReviewRequest = z.object({ actor: actorSchema, id: idSchema, review: photoReviewSchema }, { error: MESSAGES.auth.notSignedIn });

/** What each service checks at its door, by pattern. */
export const RPC_REQUESTS = {
  // Only a real `true` keeps the new session beyond the browser.
  [AUTH_PATTERNS.signup]: signupSchema.extend({ rememberMe: z.preprocess((v) => v === true, z.boolean()), userAgent: userAgentField }),
  [AUTH_PATTERNS.login]: loginSchema.extend({ userAgent: userAgentField }),
  [AUTH_PATTERNS.sessionResolve]: tokenRequest,
  [AUTH_PATTERNS.sessionDestroy]: tokenRequest,
  [AUTH_PATTERNS.sessionsList]: ownSessionsRequest,
  [AUTH_PATTERNS.sessionsEnd]: ownSessionsRequest.extend({ sessionId: sessionText }),
  [AUTH_PATTERNS.sessionsEndOthers]: ownSessionsRequest,
  [AUTH_PATTERNS.secondFactorBegin]: tokenRequest,
  [AUTH_PATTERNS.secondFactorConfirm]: z.object({ token: sessionText }).extend(secondFactorCodeSchema.shape),
  [AUTH_PATTERNS.secondFactorCheck]: z.object({ token: sessionText }).extend(secondFactorCodeSchema.shape),
  [AUTH_PATTERNS.secondFactorReset]: userChangeRequest,
  [AUTH_PATTERNS.whatsappCodeSend]: z.object({ actor: actorSchema }, { error: MESSAGES.auth.notSignedIn }),
  [AUTH_PATTERNS.whatsappCodeVerify]: z.object({ actor: actorSchema }, { error: MESSAGES.auth.notSignedIn }).extend(whatsappCodeSchema.shape),
  [AUTH_PATTERNS.whatsappProofGet]: z.object({ actor: actorSchema }, { error: MESSAGES.auth.notSignedIn }),
  [AUTH_PATTERNS.passwordResetRequest]: resetRequestRpcSchema,
  [AUTH_PATTERNS.passwordResetVerify]: resetVerifyRpcSchema,
  [AUTH_PATTERNS.passwordResetConfirm]: resetConfirmRequestSchema,
  [AUTH_PATTERNS.usersList]: z.preprocess((v) => v ?? {}, asListPayload(usersListPayload)),
  [AUTH_PATTERNS.usersGet]: userIdRequest,
  [AUTH_PATTERNS.usersVerify]: userChangeRequest,
  [AUTH_PATTERNS.usersBan]: userChangeRequest,
  [AUTH_PATTERNS.usersUnban]: userChangeRequest,
  [AUTH_PATTERNS.usersUpdate]: inTwoSteps(
    userChangeRequest,
    userUpdateSchema,
    (input) => ({ name: input.name, whatsapp: input.whatsapp, language: input.language }),
    (ids, data) => ({ ...ids, data }),
  ),
  [AUTH_PATTERNS.adminEnsure]: adminCreateSchema,
  [AUTH_PATTERNS.stats]: nothing,
  [AUTH_PATTERNS.health]: nothing,

  [LISTINGS_PATTERNS.propertyCreate]: propertyCreateRequest,
  [LISTINGS_PATTERNS.propertyPostCheck]: z.object(
    { actor: actorSchema, data: z.unknown().optional() },
    { error: MESSAGES.auth.notSignedIn },
  ),
  [LISTINGS_PATTERNS.propertyPhotosCheck]: propertyPhotosCheckRequest,
  [LISTINGS_PATTERNS.propertyPhotosAdd]: propertyPhotosAddRequest,
  [LISTINGS_PATTERNS.propertyPhotosReview]: propertyPhotosReviewRequest,
  [LISTINGS_PATTERNS.propertyGet]: z.preprocess((v) => v ?? {}, z.object({ id: z.unknown(), actor: actorSchema.nullish() })),
  [LISTINGS_PATTERNS.propertySearch]: z.preprocess((v) => v ?? {}, searchQuerySchema),
  [LISTINGS_PATTERNS.propertiesMap]: z.preprocess((v) => v ?? {}, mapQuerySchema),
  [LISTINGS_PATTERNS.propertySimilar]: z.preprocess((v) => v ?? {}, z.object({ id: z.unknown(), actor: actorSchema.nullish() })),
  [LISTINGS_PATTERNS.myListingsFetch]: myListings('fetch'),
  [LISTINGS_PATTERNS.myListingsUpdate]: myListings('update'),
  [LISTINGS_PATTERNS.myListingsDelete]: myListings('delete'),
  [LISTINGS_PATTERNS.myListingsConfirm]: myListings('confirm'),
  [LISTINGS_PATTERNS.availabilityConfirmByToken]: availabilityTokenSchema,
  [LISTINGS_PATTERNS.bookingsCreate]: inTwoSteps(
    actorRequest,
    bookingSchema,
    (input) => input.data ?? {},
    (first, data) => ({ actor: first.actor, data }),
  ),
  [LISTINGS_PATTERNS.profileCount]: z.object({ userId: idSchema }),
  [LISTINGS_PATTERNS.ownerLanguage]: z.object({ userId: idSchema }),
  // The list ignores the actor the gateway adds; the body's paging and filters are the rules.
  [LISTINGS_PATTERNS.adminList]: z.preprocess((v) => {
    const { actor: _actor, ...query } = recordOf(v);
    return query;
  }, asListPayload(propertiesListPayload)),
  [LISTINGS_PATTERNS.adminStatus]: z.preprocess(
    (v) => {
      const body = recordOf(v);
      return { ...body, action: body.action ?? body.type };
    },
    z.object({
      actor: actorSchema,
      propertyId: idSchema,
      action: z.enum(ADMIN_PROPERTY_ACTIONS, { error: MESSAGES.common.invalidType }),
    }),
  ),
  [LISTINGS_PATTERNS.adminGet]: z.preprocess((v) => recordOf(v), z.object({ id: z.unknown() })),
  /** `data` is judged after the admin check (a non-admin hears 403 whatever it sent). */
  [LISTINGS_PATTERNS.adminEdit]: z.object({ actor: actorSchema, id: idSchema, data: z.unknown() }),
  [LISTINGS_PATTERNS.stats]: nothing,
  [LISTINGS_PATTERNS.health]: nothing,
  [LISTINGS_PATTERNS.favouritesList]: favouritesActorRequestSchema,
  [LISTINGS_PATTERNS.favouritesIds]: favouritesActorRequestSchema,
  [LISTINGS_PATTERNS.favouritesAdd]: favouriteChangeRequestSchema,
  [LISTINGS_PATTERNS.favouritesRemove]: favouriteChangeRequestSchema,
  [LISTINGS_PATTERNS.favouritesMerge]: favouritesMergeRequestSchema,
  [LISTINGS_PATTERNS.favouritesCards]: favouriteCardsRequestSchema,
  [LISTINGS_PATTERNS.myListingsInsights]: myListingsInsightsRequestSchema,
  [LISTINGS_PATTERNS.adminFigures]: adminFiguresRequestSchema,
  [LISTINGS_PATTERNS.searchesCounted]: searchesCountedRequestSchema,
  [LISTINGS_PATTERNS.savedSearchesList]: savedSearchRequests.list,
  [LISTINGS_PATTERNS.savedSearchesCreate]: savedSearchRequests.create,
  [LISTINGS_PATTERNS.savedSearchesUpdate]: savedSearchRequests.update,
  [LISTINGS_PATTERNS.savedSearchesDelete]: savedSearchRequests.remove,
  [LISTINGS_PATTERNS.savedSearchesUnsubscribe]: savedSearchRequests.unsubscribe,
  [LISTINGS_PATTERNS.sitemapSummary]: sitemapSummaryRequestSchema,
  [LISTINGS_PATTERNS.sitemapListings]: sitemapListingsRequestSchema,

  // Media checks its requests itself: a refused request's staged uploads are removed first.
  [MEDIA_PATTERNS.imagesProcess]: nothing,
  [MEDIA_PATTERNS.imagesDiscard]: nothing,
  [MEDIA_PATTERNS.documentsStore]: nothing,
  [MEDIA_PATTERNS.documentsDiscard]: nothing,
  [MEDIA_PATTERNS.health]: nothing,

  [MODERATION_PATTERNS.review]: inTwoSteps(
    z.object({ propertyId: idSchema, actor: actorSchema, review: z.unknown() }),
    reviewSchema,
    (input) => input.review ?? {},
    (first, review) => ({ propertyId: first.propertyId, actor: first.actor, review }),
  ),
  [MODERATION_PATTERNS.reviewsOf]: z.object({ propertyId: idSchema }),
  [MODERATION_PATTERNS.auditLatest]: z.preprocess(
    (v) => v ?? {},
    z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
  ),
  [MODERATION_PATTERNS.reportsCreate]: reportCreateRequestSchema,
  [MODERATION_PATTERNS.reportsQueue]: z.preprocess((v) => v ?? {}, reportQueueQuerySchema),
  [MODERATION_PATTERNS.reportsDismiss]: z.object({ propertyId: idSchema, actor: actorSchema }),
  /** `action` is judged after the admin check (anyone else hears 403 whatever it sent). */
  [MODERATION_PATTERNS.reportsAct]: z.object({ propertyId: idSchema, actor: actorSchema, action: z.unknown() }),
  [MODERATION_PATTERNS.verificationCheck]: verificationRpcSchemas.check,
  [MODERATION_PATTERNS.verificationCreate]: verificationRpcSchemas.create,
  [MODERATION_PATTERNS.verificationMine]: verificationRpcSchemas.mine,
  [MODERATION_PATTERNS.verificationList]: verificationRpcSchemas.list,
  [MODERATION_PATTERNS.verificationGet]: verificationRpcSchemas.get,
  [MODERATION_PATTERNS.verificationFile]: verificationRpcSchemas.file,
  [MODERATION_PATTERNS.verificationDecide]: verificationRpcSchemas.decide,
  [MODERATION_PATTERNS.verificationPending]: verificationRpcSchemas.pending,
  [MODERATION_PATTERNS.queues]: nothing,
  [MODERATION_PATTERNS.health]: nothing,

  [SUPPORT_PATTERNS.requestsCreate]: requestSpaceSchema,
  [SUPPORT_PATTERNS.requestsList]: z.preprocess((v) => v ?? undefined, requestsGet),
  [SUPPORT_PATTERNS.requestsUpdateStatus]: withActor(requestsUpdate),
  [SUPPORT_PATTERNS.ticketsCreate]: supportTicketSchema.extend({
    userId: z.string({ error: MESSAGES.common.invalidId }).refine(isUuid, { error: MESSAGES.common.invalidId }).optional(),
  }),
  [SUPPORT_PATTERNS.ticketsList]: z.preprocess((v) => v ?? undefined, ticketsGet),
  [SUPPORT_PATTERNS.ticketsUpdateStatus]: withActor(ticketsUpdate),
  [SUPPORT_PATTERNS.stats]: nothing,
  [SUPPORT_PATTERNS.health]: nothing,
} as const satisfies { [P in Pattern]: z.ZodType };

/** What callers send and services answer, by pattern. */
export interface RpcContract {
  [AUTH_PATTERNS.signup]: { request: T.SignupRequest; reply: T.AuthServiceReply };
  [AUTH_PATTERNS.login]: { request: T.LoginRequest; reply: T.AuthServiceReply };
  [AUTH_PATTERNS.sessionResolve]: { request: T.SessionTokenRequest; reply: T.SessionResolveReply };
  [AUTH_PATTERNS.sessionDestroy]: { request: T.SessionTokenRequest; reply: T.EmptyReply };
  [AUTH_PATTERNS.sessionsList]: { request: T.OwnSessionsRequest; reply: T.SessionListResponse };
  [AUTH_PATTERNS.sessionsEnd]: { request: T.SessionEndRequest; reply: T.SessionEndReply };
  [AUTH_PATTERNS.sessionsEndOthers]: { request: T.OwnSessionsRequest; reply: T.SessionsEndOthersReply };
  [AUTH_PATTERNS.secondFactorBegin]: { request: T.SessionTokenRequest; reply: T.SecondFactorEnrolment };
  [AUTH_PATTERNS.secondFactorConfirm]: { request: T.SecondFactorCodeRequest; reply: T.SecondFactorConfirmReply };
  [AUTH_PATTERNS.secondFactorCheck]: { request: T.SecondFactorCodeRequest; reply: T.SecondFactorCheckReply };
  [AUTH_PATTERNS.secondFactorReset]: { request: T.UserChangeRequest; reply: T.UserChangeReply };
  [AUTH_PATTERNS.whatsappCodeSend]: { request: T.WhatsAppProofRequest; reply: T.WhatsAppProofReply };
  [AUTH_PATTERNS.whatsappCodeVerify]: { request: T.WhatsAppCodeVerifyRequest; reply: T.WhatsAppProofReply };
  [AUTH_PATTERNS.whatsappProofGet]: { request: T.WhatsAppProofRequest; reply: T.WhatsAppProofReply };
  [AUTH_PATTERNS.passwordResetRequest]: { request: T.PasswordResetRequestRequest; reply: T.EmptyReply };
  [AUTH_PATTERNS.passwordResetVerify]: { request: T.PasswordResetVerifyRequest; reply: T.PasswordResetVerifyReply };
  [AUTH_PATTERNS.passwordResetConfirm]: { request: T.PasswordResetConfirmRequest; reply: T.EmptyReply };
  [AUTH_PATTERNS.usersList]: { request: T.UsersListRequest; reply: T.AdminUserListResponse };
  [AUTH_PATTERNS.usersGet]: { request: T.UserIdRequest; reply: { user: T.PublicUser } };
  [AUTH_PATTERNS.usersVerify]: { request: T.UserChangeRequest; reply: T.UserChangeReply };
  [AUTH_PATTERNS.usersBan]: { request: T.UserChangeRequest; reply: T.UserChangeReply };
  [AUTH_PATTERNS.usersUnban]: { request: T.UserChangeRequest; reply: T.UserChangeReply };
  [AUTH_PATTERNS.usersUpdate]: { request: T.UsersUpdateRequest; reply: T.UserChangeReply };
  [AUTH_PATTERNS.adminEnsure]: { request: T.AdminEnsureRequest; reply: T.AdminEnsureReply };
  [AUTH_PATTERNS.stats]: { request: T.EmptyRequest; reply: T.AuthStatsReply };
  [AUTH_PATTERNS.health]: { request: T.EmptyRequest; reply: T.HealthReply };

  [LISTINGS_PATTERNS.propertyCreate]: { request: T.PropertyCreateRequest; reply: T.PropertyRead };
  [LISTINGS_PATTERNS.propertyPostCheck]: { request: T.PropertyPostCheckRequest; reply: T.PropertyPostCheckReply };
  [LISTINGS_PATTERNS.propertyPhotosCheck]: { request: T.PropertyPhotosCheckRequest; reply: T.PropertyPhotosCheckReply };
  [LISTINGS_PATTERNS.propertyPhotosAdd]: { request: T.PropertyPhotosAddRequest; reply: T.PropertyRead };
  [LISTINGS_PATTERNS.propertyPhotosReview]: { request: T.PropertyPhotosReviewRequest; reply: T.PropertyPhotosReviewReply };
  [LISTINGS_PATTERNS.propertyGet]: { request: T.PropertyGetRequest; reply: T.PropertyRead };
  [LISTINGS_PATTERNS.propertySearch]: { request: T.PropertySearchRequest; reply: T.SearchResponse };
  [LISTINGS_PATTERNS.propertiesMap]: { request: T.PropertyMapRequest; reply: T.MapResponse };
  [LISTINGS_PATTERNS.propertySimilar]: { request: T.PropertyGetRequest; reply: T.SimilarListingsResponse };
  [LISTINGS_PATTERNS.myListingsFetch]: { request: T.MyListingsRequest<'fetch'>; reply: T.MyListingsFetchResponse };
  [LISTINGS_PATTERNS.myListingsUpdate]: { request: T.MyListingsRequest<'update'>; reply: T.PropertyRead };
  [LISTINGS_PATTERNS.myListingsDelete]: { request: T.MyListingsRequest<'delete'>; reply: { id: string } };
  [LISTINGS_PATTERNS.myListingsConfirm]: { request: T.MyListingsRequest<'confirm'>; reply: T.PropertyRead };
  [LISTINGS_PATTERNS.availabilityConfirmByToken]: { request: AvailabilityTokenInput; reply: T.AvailabilityConfirmedReply };
  [LISTINGS_PATTERNS.bookingsCreate]: { request: T.BookingCreateRequest; reply: T.Booking };
  [LISTINGS_PATTERNS.profileCount]: { request: T.ProfileCountRequest; reply: { totalProperties: number } };
  [LISTINGS_PATTERNS.ownerLanguage]: { request: T.ProfileCountRequest; reply: { language: Language } };
  [LISTINGS_PATTERNS.adminList]: { request: T.AdminPropertiesListRequest & { actor?: T.Actor }; reply: T.AdminPropertyListResponse };
  [LISTINGS_PATTERNS.adminStatus]: { request: T.AdminPropertyStatusRequest; reply: T.PropertyRead };
  [LISTINGS_PATTERNS.adminGet]: { request: T.AdminPropertyGetRequest; reply: T.AdminPropertyResponse };
  [LISTINGS_PATTERNS.adminEdit]: { request: T.AdminPropertyEditRequest; reply: T.PropertyRead };
  [LISTINGS_PATTERNS.stats]: { request: T.EmptyRequest; reply: T.ListingsStatsReply };
  [LISTINGS_PATTERNS.health]: { request: T.EmptyRequest; reply: T.HealthReply };
  [LISTINGS_PATTERNS.favouritesList]: { request: FavouritesActorRequest; reply: FavouritesResponse };
  [LISTINGS_PATTERNS.favouritesIds]: { request: FavouritesActorRequest; reply: FavouriteIdsResponse };
  [LISTINGS_PATTERNS.favouritesAdd]: { request: FavouriteChangeRequest; reply: FavouriteChangeReply };
  [LISTINGS_PATTERNS.favouritesRemove]: { request: FavouriteChangeRequest; reply: FavouriteChangeReply };
  [LISTINGS_PATTERNS.favouritesMerge]: { request: FavouritesMergeRequest; reply: FavouritesMergeResponse };
  [LISTINGS_PATTERNS.favouritesCards]: { request: FavouriteCardsRequest; reply: FavouriteCardsResponse };
  [LISTINGS_PATTERNS.myListingsInsights]: { request: MyListingsInsightsRequest; reply: MyListingsInsightsResponse };
  [LISTINGS_PATTERNS.adminFigures]: { request: AdminFiguresRequest; reply: ListingsFigures };
  [LISTINGS_PATTERNS.searchesCounted]: { request: SearchesCountedRequest; reply: { rows: number } };
  [LISTINGS_PATTERNS.savedSearchesList]: { request: { actor: T.Actor }; reply: SavedSearchListReply };
  [LISTINGS_PATTERNS.savedSearchesCreate]: { request: SavedSearchCreateRequest; reply: SavedSearch };
  [LISTINGS_PATTERNS.savedSearchesUpdate]: { request: SavedSearchUpdateRequest; reply: SavedSearch };
  [LISTINGS_PATTERNS.savedSearchesDelete]: { request: SavedSearchIdRequest; reply: { id: string } };
  [LISTINGS_PATTERNS.savedSearchesUnsubscribe]: { request: UnsubscribeTokenInput; reply: UnsubscribeReply };
  [LISTINGS_PATTERNS.sitemapSummary]: { request: SitemapSummaryRequest; reply: SitemapSummaryReply };
  [LISTINGS_PATTERNS.sitemapListings]: { request: SitemapListingsRequest; reply: SitemapListingsReply };

  [MEDIA_PATTERNS.imagesProcess]: { request: T.ProcessImagesRequest; reply: T.ProcessImagesReply };
  [MEDIA_PATTERNS.imagesDiscard]: { request: T.DiscardImagesRequest; reply: T.DiscardImagesReply };
  [MEDIA_PATTERNS.documentsStore]: { request: StoreDocumentsRequest; reply: StoreDocumentsReply };
  [MEDIA_PATTERNS.documentsDiscard]: { request: DiscardDocumentsRequest; reply: { removed: number } };
  [MEDIA_PATTERNS.health]: { request: T.EmptyRequest; reply: T.HealthReply };

  [MODERATION_PATTERNS.review]: { request: T.ReviewRequest; reply: T.ReviewReply };
  [MODERATION_PATTERNS.reviewsOf]: { request: T.PropertyIdRequest; reply: { reviews: T.ReviewRecord[] } };
  [MODERATION_PATTERNS.auditLatest]: { request: T.AuditLatestRequest; reply: { actions: T.AuditEntry[] } };
  [MODERATION_PATTERNS.reportsCreate]: { request: ReportCreateRequest; reply: ReportCreateReply };
  [MODERATION_PATTERNS.reportsQueue]: { request: Partial<ReportQueueQuery>; reply: ReportQueueReply };
  [MODERATION_PATTERNS.reportsDismiss]: { request: ReportResolveRequest; reply: ReportResolveReply };
  [MODERATION_PATTERNS.reportsAct]: { request: ReportResolveRequest & { action: ReportAction }; reply: ReportResolveReply };
  [MODERATION_PATTERNS.verificationCheck]: { request: VerificationCheckRequest; reply: { ok: true } };
  [MODERATION_PATTERNS.verificationCreate]: { request: VerificationCreateRequest; reply: VerificationRequestView };
  [MODERATION_PATTERNS.verificationMine]: { request: { actor: T.Actor }; reply: MyVerificationReply };
  [MODERATION_PATTERNS.verificationList]: { request: VerificationListRequest; reply: AdminVerificationListReply };
  [MODERATION_PATTERNS.verificationGet]: { request: VerificationIdRequest; reply: AdminVerificationDetail };
  [MODERATION_PATTERNS.verificationFile]: { request: VerificationFileRequest; reply: VerificationFileReply };
  [MODERATION_PATTERNS.verificationDecide]: { request: VerificationDecideRequest; reply: AdminVerificationDetail };
  [MODERATION_PATTERNS.verificationPending]: { request: T.EmptyRequest; reply: VerificationPendingReply };
  [MODERATION_PATTERNS.queues]: { request: T.EmptyRequest; reply: ModerationQueues };
  [MODERATION_PATTERNS.health]: { request: T.EmptyRequest; reply: T.HealthReply };

  [SUPPORT_PATTERNS.requestsCreate]: { request: T.RequestCreateRequest; reply: T.PropertyRequest };
  [SUPPORT_PATTERNS.requestsList]: { request: T.RequestsListRequest; reply: T.AdminListResponse<T.PropertyRequest> };
  [SUPPORT_PATTERNS.requestsUpdateStatus]: { request: T.RequestsUpdateStatusRequest; reply: T.PropertyRequest };
  [SUPPORT_PATTERNS.ticketsCreate]: { request: T.TicketCreateRequest; reply: T.SupportTicket };
  [SUPPORT_PATTERNS.ticketsList]: { request: T.TicketsListRequest; reply: T.AdminListResponse<T.SupportTicket> };
  [SUPPORT_PATTERNS.ticketsUpdateStatus]: { request: T.TicketsUpdateStatusRequest; reply: T.SupportTicket };
  [SUPPORT_PATTERNS.stats]: { request: T.EmptyRequest; reply: T.SupportStatsReply };
  [SUPPORT_PATTERNS.health]: { request: T.EmptyRequest; reply: T.HealthReply };
}

/** What a caller sends with `pattern`. */
export type RequestOf<P extends Pattern> = RpcContract[P]['request'];
/** What the service answers to `pattern`. */
export type ReplyOf<P extends Pattern> = RpcContract[P]['reply'];
/** What a handler receives once RPC_REQUESTS[pattern] accepted the message. */
export type CheckedRequestOf<P extends Pattern> = z.output<(typeof RPC_REQUESTS)[P]>;

/** Compile-time check that RpcContract covers exactly the patterns. */
type _Exact = [Pattern] extends [keyof RpcContract] ? ([keyof RpcContract] extends [Pattern] ? true : never) : never;
export const RPC_CONTRACT_COMPLETE: _Exact = true;
