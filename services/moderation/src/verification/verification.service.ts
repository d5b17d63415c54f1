import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  AUTH_PATTERNS,
  controlKindOf,
  EVENT_TYPES,
  isUuid,
  LIMITS,
  LISTINGS_PATTERNS,
  MESSAGES,
  toLanguage,
  verificationQueueQuerySchema,
  verificationRejectSchema,
  type Actor,
  type AdminVerificationDetail,
  type AdminVerificationItem,
  type AdminVerificationListReply,
  type ControlDocumentType,
  type ControlKind,
  type MyVerificationReply,
  type PropertyRead,
  type PublicUser,
  type StoredDocumentFile,
  type VerificationDecidedPayload,
  type VerificationDecision,
  type VerificationDocumentType,
  type VerificationFileReply,
  type VerificationKind,
  type VerificationOwnerView,
  type VerificationRejectionReason,
  type VerificationRequestView,
  type VerificationStatus,
  type VerificationUploadInput,
} from '@mboa/contracts';
import { addToOutbox, EventHandOff, fail, parsePayload, RpcCallError, ServiceException } from '@mboa/platform';
import type { Prisma, VerificationFile, VerificationRequest } from '../generated/prisma/client.js';
import { AuthClient } from '../auth.client.js';
import { ModerationDb } from '../db.js';
import { ListingsClient } from '../listings.client.js';
import { ensureMaySend, ensureProofFitsRole, ensureStaff, ensureStillPending, propertySet } from '../rules/verification.js';

const M = MESSAGES.verification;
type Row = VerificationRequest & { files: VerificationFile[] };
/** Listings reads an owner's properties a page at a time; past this many a proof names them by id only. */
const MAX_OWNER_PAGES = 20;

/**
 * Identity documents and proofs of control, checked by staff (docs/api.md#identity-and-proof-of-control).
 * The request is kept here with its decision; the photos are in the documents store, reached by
 * key only through the gateway (staff) and media (storing, deleting). A decision leaves as
 * `verification.decided` in the same transaction: listings marks the checks (handed off before
 * the answer), the owner is mailed in their language, the staff trail records it.
 */
@Injectable()
export class VerificationService {
  private readonly logger = new Logger('moderation-verification');

  constructor(
    private readonly db: ModerationDb,
    private readonly handOff: EventHandOff,
    private readonly listings: ListingsClient,
    private readonly auth: AuthClient,
  ) {}

  /** Everything judged before a photo is read: who sends, the proof for their role, their own properties, nothing pending alike. */
  async check(actor: Actor, request: VerificationUploadInput): Promise<{ ok: true }> {
    ensureMaySend(actor);
    ensureProofFitsRole(actor.role, request.documentType, request.kind);
    if (request.kind === 'control') await this.ensureOwnProperties(actor, request.propertyIds);
    await this.ensureNonePending(this.db, actor.userId, request.kind, propertySet(request.propertyIds));
    return { ok: true };
  }

  async create(actor: Actor, request: VerificationUploadInput, files: StoredDocumentFile[]): Promise<VerificationRequestView> {
    await this.check(actor, request);
    const properties = propertySet(request.propertyIds);
    const row = await this.db.$transaction(async (tx) => {
      // One request at a time per owner: two uploads of the same proof at once make one request.
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtext($1))', `verification:${actor.userId}`);
      await this.ensureNonePending(tx, actor.userId, request.kind, properties);
      return tx.verificationRequest.create({
        data: {
          ownerId: actor.userId,
          ownerRole: actor.role,
          kind: request.kind,
          documentType: request.documentType,
          propertyIds: properties,
          mandateOwnerName: request.mandateOwnerName ?? null,
          mandateOwnerWhatsapp: request.mandateOwnerWhatsapp ?? null,
          files: { create: files.map((file, position) => ({ key: file.key, size: file.size, position })) },
        },
        include: { files: { orderBy: { position: 'asc' } } },
      });
    });
    return toView(row);
  }

  async mine(actor: Actor): Promise<MyVerificationReply> {
    const rows = await this.db.verificationRequest.findMany({
      where: { ownerId: actor.userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      include: { files: { orderBy: { position: 'asc' } } },
    });
    const identity = rows.filter((r) => r.kind === 'identity');
    const standing: MyVerificationReply['identity'] = identity.some((r) => r.status === 'approved')
      ? 'approved'
      : ((identity[0]?.status as VerificationStatus | undefined) ?? 'none');
    return { identity: standing, requests: rows.map(toView) };
  }

  async list(actor: Actor, query: unknown): Promise<AdminVerificationListReply> {
    ensureStaff(actor);
    const { status, page, limit } = parsePayload(verificationQueueQuerySchema, query);
    const where: Prisma.VerificationRequestWhereInput = { status };
    // The queue is worked oldest first; decided requests are looked up newest first.
    const orderBy: Prisma.VerificationRequestOrderByWithRelationInput[] =
      status === 'pending' ? [{ createdAt: 'asc' }, { id: 'asc' }] : [{ decidedAt: 'desc' }, { id: 'asc' }];
    const [total, rows] = await this.db.$transaction([
      this.db.verificationRequest.count({ where }),
      this.db.verificationRequest.findMany({ where, orderBy, skip: (page - 1) * limit, take: limit, include: { files: { orderBy: { position: 'asc' } } } }),
    ]);
    const owners = new Map<string, VerificationOwnerView>();
    await Promise.all(
      [...new Set(rows.map((r) => r.ownerId))].map(async (ownerId) => {
        owners.set(ownerId, await this.ownerView(rows.find((r) => r.ownerId === ownerId)!));
      }),
    );
    return {
      requests: rows.map((row) => ({ ...toView(row), owner: owners.get(row.ownerId)! })),
      total,
      page,
      totalPages: Math.max(1, Math.ceil(total / limit)),
    };
  }

  async get(actor: Actor, id: string): Promise<AdminVerificationDetail> {
    ensureStaff(actor);
    const row = await this.find(id);
    const [item, listings] = await Promise.all([this.item(row), this.ownerListings(row)]);
    return { ...item, listings };
  }

  /** Where staff's file is, for the gateway to answer its bytes; every look is in the staff trail. */
  async file(actor: Actor, id: string, fileId: string): Promise<VerificationFileReply> {
    ensureStaff(actor);
    if (!isUuid(id) || !isUuid(fileId)) throw fail.notFound(M.fileNotFound);
    const file = await this.db.verificationFile.findFirst({ where: { id: fileId, requestId: id }, include: { request: true } });
    if (!file || file.request.filesDeletedAt) throw fail.notFound(M.fileNotFound);
    const summary = `Viewed photo ${file.position + 1} (file ${file.id}) of ${file.request.kind} request ${id}`;
    await this.db.auditEntry.create({
      data: {
        sourceId: `verification-file:${randomUUID()}`,
        actorId: actor.userId,
        actorName: actor.name ?? null,
        action: 'verification.file-viewed',
        targetType: 'verification',
        targetId: id,
        summary,
      },
    });
    return { key: file.key, size: file.size };
  }

  async decide(actor: Actor, id: string, input: unknown): Promise<AdminVerificationDetail> {
    ensureStaff(actor);
    const decision = decisionOf(input);
    const row = await this.find(id);
    ensureStillPending(row.status);
    // Whom to tell and in which language, as the account is now (auth owns it).
    const owner = await this.account(row.ownerId);
    const event = await this.db.$transaction(async (tx) => {
      const [locked] = await tx.$queryRawUnsafe<{ status: string }[]>(
        'SELECT status FROM "moderation"."verification_requests" WHERE id = $1::uuid FOR UPDATE',
        id,
      );
      ensureStillPending(locked?.status ?? '');
      const decided = await tx.verificationRequest.update({
        where: { id },
        data: {
          status: decision.outcome,
          reason: decision.outcome === 'rejected' ? decision.reason : null,
          note: decision.outcome === 'rejected' ? (decision.note ?? null) : null,
          decidedBy: actor.userId,
          decidedByName: actor.name ?? null,
          decidedAt: new Date(),
          ownerEmail: owner?.email ?? null,
          ownerName: owner?.name ?? null,
          ownerLanguage: toLanguage(owner?.language),
        },
      });
      const payload: VerificationDecidedPayload = {
        requestId: decided.id,
        ownerId: decided.ownerId,
        kind: decided.kind as VerificationKind,
        documentType: decided.documentType as VerificationDocumentType,
        propertyIds: decided.propertyIds,
        outcome: decision.outcome,
        ...(decision.outcome === 'rejected' ? { reason: decision.reason, ...(decision.note ? { note: decision.note } : {}) } : {}),
        decidedAt: decided.decidedAt!.toISOString(),
        actor,
      };
      return addToOutbox(tx, 'moderation', { type: EVENT_TYPES.verificationDecided, payload, source: 'moderation' });
    });
    // Read your writes: listings marks the checks before staff get the answer. Never fails the decision.
    await this.handOff.applyNow(event);
    return this.get(actor, id);
  }

  async pending(): Promise<{ pending: number }> {
    return { pending: await this.db.verificationRequest.count({ where: { status: 'pending' } }) };
  }

  private async find(id: string): Promise<Row> {
    if (!isUuid(id)) throw fail.notFound(M.notFound);
    const row = await this.db.verificationRequest.findUnique({ where: { id }, include: { files: { orderBy: { position: 'asc' } } } });
    if (!row) throw fail.notFound(M.notFound);
    return row;
  }

  private async item(row: Row): Promise<AdminVerificationItem> {
    return { ...toView(row), owner: await this.ownerView(row) };
  }

  /** The account behind a request: auth's view of it, and when staff last checked its identity here. */
  private async ownerView(row: Row): Promise<VerificationOwnerView> {
    const [user, checked] = await Promise.all([
      this.account(row.ownerId),
      this.db.verificationRequest.findFirst({
        where: { ownerId: row.ownerId, kind: 'identity', status: 'approved' },
        orderBy: { decidedAt: 'desc' },
        select: { decidedAt: true },
      }),
    ]);
    const role = (user?.role ?? row.ownerRole) === 'caretaker' ? 'caretaker' : 'landlord';
    let whatsappProvenAt: string | null = null;
    if (user) {
      const actor: Actor = { userId: user.id, role: user.role, isVerified: user.isVerified };
      whatsappProvenAt = (await this.auth.call(AUTH_PATTERNS.whatsappProofGet, { actor })).whatsappProvenAt;
    }
    return {
      id: row.ownerId,
      name: user?.name ?? row.ownerName ?? '',
      email: user?.email ?? row.ownerEmail ?? '',
      whatsapp: user?.whatsapp ?? '',
      role,
      whatsappProvenAt,
      isVerified: user?.isVerified ?? false,
      identityCheckedAt: checked?.decidedAt?.toISOString() ?? null,
    };
  }

  /** The owner's account from auth; null once it no longer exists. */
  private async account(userId: string): Promise<PublicUser | null> {
    try {
      return (await this.auth.call(AUTH_PATTERNS.usersGet, { userId })).user;
    } catch (error) {
      if (error instanceof RpcCallError && error.status === 404) return null;
      throw error;
    }
  }

  /**
   * The owner's live listings beside the request, each with the control staff approved for it.
   * Read as the owner reads My Listings (listings has no staff list by owner); a listings outage
   * shows none rather than hiding the request.
   */
  private async ownerListings(row: Row): Promise<AdminVerificationDetail['listings']> {
    let properties: PropertyRead[];
    try {
      properties = await this.ownerProperties({ userId: row.ownerId, role: row.ownerRole === 'caretaker' ? 'caretaker' : 'landlord', isVerified: false });
    } catch (error) {
      this.logger.warn(`could not read the listings of a request's owner: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
    const approved = await this.db.verificationRequest.findMany({
      where: { ownerId: row.ownerId, kind: 'control', status: 'approved' },
      orderBy: { decidedAt: 'asc' },
      select: { documentType: true, propertyIds: true },
    });
    const control = new Map<string, ControlKind>();
    for (const proof of approved) for (const pid of proof.propertyIds) control.set(pid, controlKindOf(proof.documentType as ControlDocumentType));
    return properties.map((p) => ({
      id: p.id,
      title: p.title,
      town: p.town,
      neighbourhood: p.neighbourhood,
      status: p.status,
      controlKind: control.get(p.id.toLowerCase()) ?? null,
    }));
  }

  /** Every live property of the owner, through listings' My Listings read as that owner. */
  private async ownerProperties(owner: Actor): Promise<PropertyRead[]> {
    const limit = LIMITS.search.maxPageSize;
    const all: PropertyRead[] = [];
    for (let page = 1; page <= MAX_OWNER_PAGES; page++) {
      const { data, meta } = await this.listings.call(LISTINGS_PATTERNS.myListingsFetch, { actor: owner, payload: { page, limit } });
      all.push(...data);
      if (page >= meta.totalPages) break;
    }
    return all;
  }

  /** A proof of control names only the sender's own live properties (404 otherwise, nothing stored). */
  private async ensureOwnProperties(actor: Actor, ids: readonly string[]): Promise<void> {
    if (!ids.length) throw fail.badRequest(M.propertiesRequired, [`propertyIds: ${M.propertiesRequired}`]);
    const own = new Set((await this.ownerProperties(actor)).map((p) => p.id.toLowerCase()));
    if (ids.some((id) => !own.has(id.toLowerCase()))) throw new ServiceException(404, M.propertyNotYours, [`propertyIds: ${M.propertyNotYours}`]);
  }

  private async ensureNonePending(db: Prisma.TransactionClient | ModerationDb, ownerId: string, kind: VerificationKind, properties: string[]): Promise<void> {
    const pending = await db.verificationRequest.findMany({ where: { ownerId, kind, status: 'pending' }, select: { propertyIds: true } });
    const key = properties.join(',');
    if (pending.some((p) => propertySet(p.propertyIds).join(',') === key)) throw fail.conflict(M.alreadyPending);
  }
}

function decisionOf(input: unknown): VerificationDecision {
  const outcome = (input as { outcome?: unknown } | null)?.outcome;
  if (outcome === 'approved') return { outcome: 'approved' };
  const parsed = parsePayload(verificationRejectSchema, input);
  return { outcome: 'rejected', reason: parsed.reason, ...(parsed.note ? { note: parsed.note } : {}) };
}

/** A request as its owner and staff see it: never a file's key. */
export function toView(row: Row): VerificationRequestView {
  return {
    id: row.id,
    kind: row.kind as VerificationKind,
    documentType: row.documentType as VerificationDocumentType,
    status: row.status as VerificationStatus,
    propertyIds: row.propertyIds,
    mandateOwnerName: row.mandateOwnerName,
    mandateOwnerWhatsapp: row.mandateOwnerWhatsapp,
    files: row.filesDeletedAt ? [] : row.files.map((f) => ({ id: f.id, size: f.size })),
    reason: (row.reason as VerificationRejectionReason | null) ?? null,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    filesDeletedAt: row.filesDeletedAt?.toISOString() ?? null,
  };
}
