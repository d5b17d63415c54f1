const MB = 1024 * 1024;

/** Every number the product limits by (docs/api.md#limits, docs/api.md#rate-limits). */
export const LIMITS = {
  images: {
    maxCount: 10,
    maxBytes: 10 * MB,
    /** Browser-side compression target, in MB. */
    compressionTargetMb: 0.1,
    maxDimension: 1024,
    thumbnailDimension: 320,
    allowedMimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as readonly string[],
  },
  property: {
    titleMax: 100,
    descriptionMax: 2000,
    /** An admin's review feedback (the reason for a rejection). */
    reviewFeedbackMax: 2000,
    sizeStep: 0.1,
    /** Months of rent an owner may ask in advance (rules/move-in-cost.ts): whole months, 0 to 24. */
    advanceMonthsMax: 24,
  },
  whatsappDigits: 9,
  townSuggestions: 10,
  rooms: { min: 1, max: 6 },
  search: {
    debounceMs: 400,
    infiniteScrollThreshold: 0.1,
    skeletonCards: 8,
    pageSize: 12,
    maxPageSize: 50,
    /**
     * Matches are counted exactly up to this many; past it the answer says `totalIsLowerBound`
     * (the home page shows "1,000+"). Counting every match of a broad search on every request was
     * most of a search's database time.
     */
    exactCountUpTo: 1000,
    /**
     * Search answers the gateway keeps (gateway/src/properties/public-search-answers.ts) until
     * listings announces a change; the time only bounds an announcement lost on the way.
     */
    keptAnswers: 5_000,
    keptAnswerMs: 60_000,
  },
  myListings: {
    pageSizes: [5, 10, 20] as readonly number[],
    defaultPageSize: 5,
  },
  admin: { pageSize: 10 },
  passwordReset: {
    countdownSeconds: 60,
    codeLength: 6,
    codeValidityMinutes: 10,
    maxWrongTries: 5,
    /** A browser gets a new code at most once in this many seconds (docs/api.md#auth-and-profile). */
    resendMinSeconds: 60,
    /**
     * Codes pending at once for one account, each bound to the browser that asked: a stranger's
     * request never replaces the owner's code; past this, new requests mail nothing until one ends,
     * except those from a browser where someone signed in to the account (its device cookie).
     */
    pendingPerAccount: 3,
    /** How long the reset cookie `verify` gives its browser lasts: `confirm` needs it (docs/api.md#auth-and-profile). */
    verifiedWindowMinutes: 10,
  },
  toast: { durationMs: 3000, errorDurationMs: 5000 },
  /**
   * Proving the account's WhatsApp number (docs/api.md#proving-a-whatsapp-number): a 6-digit code
   * sent to it, valid 10 minutes, spent after 5 wrong tries, a new one at most every 60 s. Codes
   * sent are counted per account and per number (never per address: behind a carrier's NAT one
   * address is thousands of people), so nobody can flood a number with messages nor buy many
   * codes' worth of guesses: 5 codes an hour and 10 a day allow for a mistyped number and a slow
   * network, and give 50 guesses a day against a million codes.
   */
  /**
   * Identity and proof of control (docs/api.md#identity-and-proof-of-control): 1 to 3 photos of a
   * document (front, back), a proof of control covering 1 to 20 of the owner's properties, staff's
   * note up to 1000 characters. The photos are deleted `filesKeptDays` after staff decided (a
   * pending request keeps them); the decision itself is kept.
   */
  verification: {
    maxFiles: 3,
    maxProperties: 20,
    noteMax: 1000,
    filesKeptDays: 90,
    pageSize: 20,
    mandateOwnerNameMax: 100,
  },
  whatsappProof: {
    codeLength: 6,
    codeValidityMinutes: 10,
    maxWrongTries: 5,
    resendMinSeconds: 60,
    codesPerAccountPerHour: 5,
    codesPerAccountPerDay: 10,
    codesPerNumberPerHour: 5,
    codesPerNumberPerDay: 10,
  },
  gallery: { mainImages: 1, thumbnails: 4, swipeThresholdPx: 10 },
  minimumAge: 16,
  /**
   * Passwords (docs/api.md#limits). Staff (STAFF_ROLES) need `staffMinLength`: their account opens
   * every person's data and every listing, so a guess costs everyone.
   */
  password: { minLength: 8, staffMinLength: 12 },
  /**
   * The admin area's second factor: time-based one-time codes (RFC 6238) from an authenticator
   * app, 6 digits every 30 s (what every app shows by default). A code of the step before or after
   * is accepted for a phone's clock that is a little off; a step once used is never accepted again
   * for that account, nor any older one. Wrong codes count per account: past `maxWrongCodes` in
   * `wrongCodesWindowMinutes`, 429 until the window passes.
   */
  secondFactor: {
    digits: 6,
    periodSeconds: 30,
    /** Steps accepted either side of now. */
    window: 1,
    /** Bytes of the shared secret (RFC 4226 recommends 160 bits). */
    secretBytes: 20,
    recoveryCodes: 10,
    /** Characters of a recovery code (base32: 5 bits each, 60 bits). */
    recoveryCodeLength: 12,
    maxWrongCodes: 5,
    wrongCodesWindowMinutes: 15,
    /** The name an authenticator app shows above the code. */
    issuer: 'Mboa Rentals',
  },
  /**
   * Sessions (docs/api.md#sessions-and-cookies). A plain session slides: each use pushes its end
   * `idleHours` ahead, but never past `maxAgeDays` after sign-in (ASVS 3.3.2), so a stolen cookie
   * kept busy, or a phone passed around a family, still meets the password again within a week.
   * "Remember me" lasts `rememberMeDays` from sign-in whatever the use: that is its absolute
   * lifetime too. A week for plain sessions: mobile browsers seldom really close, so a shorter cap
   * would ask the person who reads listings every evening for their password every few days.
   */
  session: {
    idleHours: 24,
    rememberMeDays: 30,
    idleMs: 24 * 60 * 60 * 1000,
    rememberMeMs: 30 * 24 * 60 * 60 * 1000,
    maxAgeDays: 7,
    maxAgeMs: 7 * 24 * 60 * 60 * 1000,
    /** "Last seen" in the list of sessions is at most this stale: one write a minute, not one per request. */
    lastSeenStepMs: 60_000,
    /** The User-Agent kept with a session to name its device (longer ones are cut). */
    userAgentMax: 512,
    /** Sessions the profile lists (newest first); someone with more still ends them all with "everywhere else". */
    listMax: 50,
  },
  /**
   * Failed logins within a window, per e-mail and per address (docs/api.md#rate-limits). Per-address rules
   * count an IPv4 address or an IPv6 /64: on MTN and Orange mobile data thousands of people share
   * one public IPv4 address (carrier-grade NAT), so per-address allowances are generous and
   * per-account ones strict. A browser with a device cookie for the account (a login succeeded
   * there before) has its own allowance instead of the account's, so nobody else can lock it out.
   */
  login: {
    windowMinutes: 15,
    windowMs: 15 * 60 * 1000,
    maxFailuresPerEmail: 10,
    maxFailuresPerIp: 100,
    maxFailuresPerDevice: 10,
    /** How long a browser stays trusted for an account after a successful login there. */
    deviceCookieDays: 180,
    /** Accounts one browser remembers (a phone shared by a family). */
    devicesPerBrowser: 5,
  },
  signup: {
    /** Sign-ups per address (IPv4, or IPv6 /64) per hour: sized for carrier-grade NAT. */
    maxPerIpPerHour: 500,
  },
  /**
   * The person check past a per-address allowance (docs/api.md#the-person-check): instead of
   * refusing everyone behind a carrier's address, a 429 asks for a proof of work that a person's
   * browser pays once per attempt and a script pays for each of its thousands. Each try is one
   * PBKDF2-SHA-256 of `iterationsPerTry`; the browser makes a random number of tries between
   * `triesMin` and `triesMax` (uniform, so nobody waits more than `triesMax`), measured with
   * `npm run bench:person-check` (docs/benchmarks.md#the-person-check): about 1 to 3 s on a
   * mid-range Android phone. Each further allowance's worth of excess from that address multiplies
   * the tries, up to `maxFactor`.
   */
  personCheck: {
    iterationsPerTry: 1000,
    triesMin: 600,
    triesMax: 2000,
    maxFactor: 4,
    /** A challenge must be answered within this; each is accepted once. */
    validitySeconds: 300,
  },
  /**
   * Password-reset calls within the login window: requests mail a code; checks are verify and
   * confirm. `confirm` is never counted per e-mail, since anyone may send it with the owner's
   * address: it counts per address and, when it carries a reset cookie, per cookie.
   */
  passwordResetLimits: {
    requestsPerEmail: 5,
    /**
     * A browser holding a device cookie of the account (someone signed in to it there) asks on its
     * own allowance, never the e-mail's, which a stranger can spend (docs/api.md#auth-and-profile).
     */
    requestsPerDevice: 5,
    requestsPerIp: 300,
    /** Per pending request (the asking browser's request cookie), never per e-mail: a stranger cannot spend it. */
    checksPerRequest: 10,
    checksPerIp: 600,
    confirmsPerToken: 10,
  },
  /**
   * The largest number any numeric input accepts unless its field sets its own bound: prices,
   * cautions and sizes are stored as 32-bit integers (at most 2,147,483,647).
   */
  numbers: { maxInput: 1_000_000_000, maxPage: 1_000_000 },
  http: {
    jsonBodyBytes: 100 * 1024,
    jsonBodyLimit: '100kb',
    /**
     * How long the gateway waits for a slow client before it closes the connection. Sized for a
     * phone on 2G/3G: a post of 10 photos of about 300 KB (after the browser shrinks them) is 3 MB,
     * about 8 minutes at 50 kbit/s, so the whole request may take 10 minutes; but headers must
     * arrive within 20 s and a body may not stall for 30 s, so a Slowloris cannot hold a socket.
     */
    headersTimeoutMs: 20_000,
    bodyIdleTimeoutMs: 30_000,
    requestTimeoutMs: 10 * 60_000,
    /** An idle kept-alive connection is closed after this (pages reuse it between their calls). */
    keepAliveTimeoutMs: 10_000,
    /**
     * Retry-After of a 503 when no replica of a needed service answers: a crashed service is
     * restarted and answers again in about 5 s (README), as a stopping gateway's 503 says too.
     */
    serviceDownRetryAfterSeconds: 5,
    /**
     * The slowest body a phone really sends (docs/api.md#limits): in any minute of a body's
     * arrival at least this much must come, or the connection is cut. One GPRS uplink timeslot
     * (CS-1, 9.05 kbit/s, about 1,000 bytes/s once the radio and TCP/IP framing are paid) still
     * sends 30,000 bytes in a minute even after stalling 30 s (bodyIdleTimeoutMs); EDGE and the
     * README's 50 kbit/s send 6 to 25 times the floor. A trickle just above bodyIdleTimeoutMs
     * (a byte every 29 s) no longer holds a posting place for the whole 10 minutes.
     */
    bodyFloorBytes: 24_000,
    bodyFloorWindowMs: 60_000,
    /**
     * Smaller answers go uncompressed: below about one packet the encoding saves no round trip
     * and costs CPU on both ends.
     */
    compressMinBytes: 1024,
  },
  /**
   * Idempotency-Key on writes (docs/api.md#idempotency-key): a finished write's answer is kept a day
   * for its retries; a write still running holds its key with a short lease, renewed while it runs,
   * so a replica that dies mid-write frees the key within the lease rather than after a day.
   */
  idempotency: {
    answerTtlSeconds: 24 * 60 * 60,
    /** Longer keys are refused: a UUID is 36 characters; room for a client's own prefix. */
    maxKeyLength: 255,
    leaseMs: 30_000,
    leaseRenewMs: 10_000,
    /** Retry-After of the 409 while the first request runs: a posting with photos takes seconds to minutes. */
    inProgressRetryAfterSeconds: 5,
    /** An answer past this is not kept (every /api answer to a write is far smaller); its key is freed. */
    maxStoredAnswerBytes: 512 * 1024,
    /** How often the web apps send one user action again after its answer was lost. */
    clientRetries: 3,
    /** The gateway's name of a posting's key, as listings stores it: a SHA-256 in base64url is 43 characters. */
    postingKeyMaxLength: 64,
  },
  /**
   * Posting a property with photos. A landlord posting a whole building or a caretaker entering
   * several owners' properties posts perhaps ten in an hour: 30 leaves room for retries while
   * bounding what one account can make the media service decode (30 × 10 photos an hour).
   */
  uploads: {
    postsWithPhotosPerUser: 30,
    postsWithPhotosWindowSeconds: 60 * 60,
    /** Posts received or processed at once by one gateway replica; past it, 429 before a byte is read. */
    concurrentPostsPerGateway: 8,
    /**
     * Of those, what one person may hold at once (postings and photos added): an owner's slow
     * uploads never take every place, so other owners and staff keep posting.
     */
    concurrentPostsPerPerson: 2,
    /** Retry-After for a person at that bound: one of their uploads on a slow phone takes a minute or more. */
    personBusyRetryAfterSeconds: 30,
    /** Photos waiting in one media replica's queue (about 4 postings); past it, 429 and nothing processed. */
    mediaMaxWaitingImages: 40,
    /** Retry-After of a busy answer: a few photos' worth of work on two cores. */
    busyRetryAfterSeconds: 5,
  },
  /**
   * Reporting a listing (docs/api.md#reporting-a-listing). One report per person per listing;
   * `scamHoldReporters` different established people reporting a scam take the listing out of
   * search pending review. Established means not minted for free: signed in to an account at least
   * `establishedAccountDays` old (or with a proven WhatsApp number, once auth proves them), or on a
   * browser whose device cookie is at least `knownDeviceDays` old. Sign-up needs no proof, so a
   * younger account or a bare browser costs nothing; their reports only reach staff. Reports from
   * one address within `sameAddressMinutes` of each other count as one person. Per-address
   * allowances are sized for carrier-grade NAT (thousands of phones behind one address); the
   * per-reporter one (account or browser) is the strict one.
   */
  reports: {
    textMax: 500,
    scamHoldReporters: 3,
    establishedAccountDays: 30,
    knownDeviceDays: 30,
    sameAddressMinutes: 60,
    perReporterPerHour: 10,
    perAddressPerHour: 60,
  },
  /**
   * Favourites (docs/api.md#favourites): a renter's short list, not a bookmark archive. 100 ids fit
   * one query string of the device list's cards call (about 3.7 KB) and one merge at log-in.
   */
  favourites: {
    maxPerUser: 100,
    maxIdsPerRequest: 100,
  },
  /**
   * Owner insights (docs/api.md#owner-insights): the days My Listings shows (today included), the
   * listings one request may name (My Listings' largest page), and how long views are kept.
   * `viewersPerAddress`: signed-out visitors known only by their address and browser count at
   * most this many times per listing and day from one address, so a script changing its
   * User-Agent cannot add a viewer per request; a carrier address shared by many real people
   * rarely brings more to one listing in one day.
   */
  /**
   * Staff's daily figures (docs/api.md#staff-figures): the days one request may cover (the screen
   * asks for 30), how often a gateway replica sends listings the searches it counted in memory,
   * and how large one such batch may be.
   */
  figures: {
    defaultDays: 30,
    maxDays: 90,
    searchFlushMs: 5_000,
    /**
     * Rows one batch of counted searches may carry (about 110 bytes each, well under NATS's 1 MB
     * message): a replica's few seconds of searches make a few dozen rows; the rare flush with more
     * (every town x type x band of a day is 89 x 11 x 6) goes in several batches.
     */
    searchBatchRows: 2_000,
    /** Searches one row of a batch may add: far above what a replica answers in FIGURES.searchFlushMs. */
    searchesPerRow: 1_000_000,
  },
  insights: {
    days: 30,
    maxListings: 20,
    keepDays: 35,
    viewersPerAddress: 5,
  },
  /**
   * Saved searches (docs/api.md#saved-searches): a renter's few standing searches, each alerted
   * instantly or in a daily digest. The name is made from the filters, and may be changed.
   */
  savedSearches: {
    maxPerUser: 20,
    nameMax: 120,
  },
  /**
   * Search engines (docs/api.md#search-engines). The sitemaps.org protocol allows at most 50,000
   * addresses in one sitemap file; a listing is one address per language (libs/contracts
   * sitemap.ts). The listings service answers a sitemap's listings in pages of `pageSize` (one
   * NATS message stays well under its 1 MB cap), and the answers may be kept by caches for
   * `cacheSeconds`: a listing enters and leaves within minutes.
   */
  sitemap: {
    maxAddressesPerFile: 50_000,
    pageSize: 5_000,
    cacheSeconds: 300,
  },
} as const;

export type Limits = typeof LIMITS;
