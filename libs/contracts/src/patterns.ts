import { z } from 'zod';
/** NATS request/reply subjects, one object per service. */
export const AUTH_PATTERNS = {
  signup: 'auth.signup',
  login: 'auth.login',
  sessionResolve: 'auth.session.resolve',
  sessionDestroy: 'auth.session.destroy',
  /** The caller's own sessions (docs/api.md#sessions-and-cookies), the one of this request marked. */
  sessionsList: 'auth.sessions.list',
  /** Ends one of the caller's own sessions; another user's is not found. */
  sessionsEnd: 'auth.sessions.end',
  /** Ends every session of the caller but this request's. */
  sessionsEndOthers: 'auth.sessions.end-others',
  /** A staff session starts setting up its authenticator app (docs/api.md#the-admin-areas-second-factor). */
  secondFactorBegin: 'auth.second-factor.begin',
  /** The first code confirms the setup, passes this session and hands out the recovery codes. */
  secondFactorConfirm: 'auth.second-factor.confirm',
  /** An app code or a recovery code passes this session. */
  secondFactorCheck: 'auth.second-factor.check',
  /** An admin removes another staff member's authenticator app (audited); they set one up again. */
  secondFactorReset: 'auth.second-factor.reset',
  /** Sends a code to the caller's WhatsApp number (docs/api.md#proving-a-whatsapp-number). */
  whatsappCodeSend: 'auth.whatsapp.code-send',
  /** The code sent proves the number: the account's `whatsappProvenAt` is set. */
  whatsappCodeVerify: 'auth.whatsapp.code-verify',
  /** The caller's number and whether (since when) it is proven. */
  whatsappProofGet: 'auth.whatsapp.proof-get',
  passwordResetRequest: 'auth.password-reset.request',
  passwordResetVerify: 'auth.password-reset.verify',
  passwordResetConfirm: 'auth.password-reset.confirm',
  usersList: 'auth.users.list',
  usersGet: 'auth.users.get',
  usersVerify: 'auth.users.verify',
  usersBan: 'auth.users.ban',
  usersUnban: 'auth.users.unban',
  usersUpdate: 'auth.users.update',
  adminEnsure: 'auth.admin.ensure',
  stats: 'auth.stats',
  health: 'auth.health',
} as const;

/**
 * Broadcast (plain NATS, every listener hears it) by listings whenever what the public sees in
 * search may have changed: listings' replicas re-read their copies and the gateway forgets its kept
 * answers. Body: { from, change?: { ids } | { all: true }, owners? } (services/listings/src/search/search.provider.ts).
 */
export const PUBLIC_LISTINGS_CHANGED = 'listings.search.changed';

/** The body of a PUBLIC_LISTINGS_CHANGED broadcast. */
export const publicListingsChangedSchema = z.object({
  /** The replica that wrote: it ignores its own broadcasts. */
  from: z.string(),
  /** Listings changed: these ids, or all of them (a rebuild, a clear). */
  change: z.union([z.object({ ids: z.array(z.string()) }), z.object({ all: z.literal(true) })]).optional(),
  /** Owners whose cards changed (name, number, checks). */
  owners: z.array(z.string()).optional(),
});
export type PublicListingsChanged = z.infer<typeof publicListingsChangedSchema>;

export const LISTINGS_PATTERNS = {
  propertyCreate: 'listings.property.create',
  /** May this actor post (and, with `data`, this property for this owner)? Asked before any photo is read. */
  propertyPostCheck: 'listings.property.post-check',
  /** May this actor add photos to this listing, and how many has it? Asked before any photo is read. */
  propertyPhotosCheck: 'listings.property.photos-check',
  /** Appends photos processed by media to a listing (docs/api.md#adding-photos-to-a-listing). */
  propertyPhotosAdd: 'listings.property.photos-add',
  /** Staff accept or refuse photos held for review (docs/api.md#adding-photos-to-a-listing). */
  propertyPhotosReview: 'listings.property.photos-review',
  propertyGet: 'listings.property.get',
  propertySearch: 'listings.property.search',
  /** The map's points: the search's filters in a box, area centres only (docs/api.md#search-by-area-and-the-map). */
  propertiesMap: 'listings.properties.map',
  /** Up to 6 public listings like one (same category and town, closest price, same type first). */
  propertySimilar: 'listings.property.similar',
  myListingsFetch: 'listings.my-listings.fetch',
  myListingsUpdate: 'listings.my-listings.update',
  myListingsDelete: 'listings.my-listings.delete',
  /** The owner says the listing is still available (docs/api.md#fresh-listings). */
  myListingsConfirm: 'listings.my-listings.confirm',
  /** The same through the reminder e-mail's one-time link, without a session. */
  availabilityConfirmByToken: 'listings.availability.confirm-by-token',
  bookingsCreate: 'listings.bookings.create',
  profileCount: 'listings.profile.count',
  /** The language an owner reads, from the owners projection (moderation mails decisions in it). */
  ownerLanguage: 'listings.owners.language',
  adminList: 'listings.admin.list',
  adminStatus: 'listings.admin.status',
  adminGet: 'listings.admin.get',
  adminEdit: 'listings.admin.edit',
  stats: 'listings.stats',
  health: 'listings.health',
  /** Favourites (docs/api.md#favourites): the account's list, its ids, a change, the device list's merge and cards. */
  favouritesList: 'listings.favourites.list',
  favouritesIds: 'listings.favourites.ids',
  favouritesAdd: 'listings.favourites.add',
  favouritesRemove: 'listings.favourites.remove',
  favouritesMerge: 'listings.favourites.merge',
  favouritesCards: 'listings.favourites.cards',
  /** Owner insights (docs/api.md#owner-insights): views and contacts per day of some of the owner's listings. */
  myListingsInsights: 'listings.my-listings.insights',
  /** Staff's daily figures (docs/api.md#staff-figures): listings posted and decided, contacts, searches. */
  adminFigures: 'listings.admin.figures',
  /** The searches a gateway replica answered in its last few seconds, counted in memory, added to the day's figures (internal). */
  searchesCounted: 'listings.figures.searches-counted',
  /** Saved searches (docs/api.md#saved-searches): the renter's list, a new one, a change, a deletion, the alert's one-click unsubscribe. */
  savedSearchesList: 'listings.saved-searches.list',
  savedSearchesCreate: 'listings.saved-searches.create',
  savedSearchesUpdate: 'listings.saved-searches.update',
  savedSearchesDelete: 'listings.saved-searches.delete',
  savedSearchesUnsubscribe: 'listings.saved-searches.unsubscribe',
  /** Search engines (docs/api.md#search-engines): the sitemap index's files and towns, and one page of public listings in id order. */
  sitemapSummary: 'listings.sitemap.summary',
  sitemapListings: 'listings.sitemap.listings',
} as const;

export const MEDIA_PATTERNS = {
  imagesProcess: 'media.images.process',
  imagesDiscard: 'media.images.discard',
  /** Staged photos of an identity or control document → re-encoded, metadata-free, in the documents store (apart from listing photos). */
  documentsStore: 'media.documents.store',
  /** Deletes stored document photos (a request refused after they were stored). */
  documentsDiscard: 'media.documents.discard',
  health: 'media.health',
} as const;

export const MODERATION_PATTERNS = {
  review: 'moderation.review',
  reviewsOf: 'moderation.reviews.of-property',
  auditLatest: 'moderation.audit.latest',
  /** Someone reports a listing (docs/api.md#reporting-a-listing). */
  reportsCreate: 'moderation.reports.create',
  reportsQueue: 'moderation.reports.queue',
  reportsDismiss: 'moderation.reports.dismiss',
  reportsAct: 'moderation.reports.act',
  /** Identity and proof of control (docs/api.md#identity-and-proof-of-control): may this owner send this, before a photo is read? */
  verificationCheck: 'moderation.verification.check',
  verificationCreate: 'moderation.verification.create',
  /** The owner's own requests. */
  verificationMine: 'moderation.verification.mine',
  /** Staff: the queue, one request, where one of its files is (audited), approve or refuse, how many wait. */
  verificationList: 'moderation.verification.list',
  verificationGet: 'moderation.verification.get',
  verificationFile: 'moderation.verification.file',
  verificationDecide: 'moderation.verification.decide',
  verificationPending: 'moderation.verification.pending',
  /** Staff's figures (docs/api.md#staff-figures): how many wait in the verification and reports queues, and since when. */
  queues: 'moderation.queues',
  health: 'moderation.health',
} as const;

export const SUPPORT_PATTERNS = {
  requestsCreate: 'support.requests.create',
  requestsList: 'support.requests.list',
  requestsUpdateStatus: 'support.requests.update-status',
  ticketsCreate: 'support.tickets.create',
  ticketsList: 'support.tickets.list',
  ticketsUpdateStatus: 'support.tickets.update-status',
  stats: 'support.stats',
  health: 'support.health',
} as const;

export const PATTERNS = {
  auth: AUTH_PATTERNS,
  listings: LISTINGS_PATTERNS,
  media: MEDIA_PATTERNS,
  moderation: MODERATION_PATTERNS,
  support: SUPPORT_PATTERNS,
} as const;

type ValuesOf<T> = T[keyof T];
export type AuthPattern = ValuesOf<typeof AUTH_PATTERNS>;
export type ListingsPattern = ValuesOf<typeof LISTINGS_PATTERNS>;
export type MediaPattern = ValuesOf<typeof MEDIA_PATTERNS>;
export type ModerationPattern = ValuesOf<typeof MODERATION_PATTERNS>;
export type SupportPattern = ValuesOf<typeof SUPPORT_PATTERNS>;
export type Pattern = AuthPattern | ListingsPattern | MediaPattern | ModerationPattern | SupportPattern;

export const SERVICE_NAMES = ['auth', 'listings', 'media', 'moderation', 'support'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
