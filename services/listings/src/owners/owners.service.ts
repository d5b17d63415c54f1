import { Inject, Injectable } from '@nestjs/common';
import { toLanguage, type Language, type UserEventPayload } from '@mboa/contracts';
import type { Owner } from '../generated/prisma/client.js';
import { LISTINGS_CONFIG, type ListingsConfig } from '../config.js';
import { ListingsDb, type ListingsTx } from '../db.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The owners projection: auth's users as listings shows them (`author`) and judges them (banned). */
@Injectable()
export class OwnersService {
  constructor(
    private readonly db: ListingsDb,
    @Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig,
  ) {}

  /**
   * Applies one `user.*` fact unless the projection already holds that version or a newer one.
   * When the ban flag flips, every property of the owner gets a new version: its public visibility
   * changed, and the search indexer orders its writes by property version. So too when the proven
   * number changes: the number on the listings' WhatsApp button changed (rules/whatsapp-number).
   *
   * An event carrying `whatsappProvenAt` proves the number it carries; one without it (a number
   * changed, or never proven) keeps the number proven before, no longer current.
   */
  async apply(tx: ListingsTx, payload: UserEventPayload): Promise<'applied' | 'stale'> {
    const { user, version } = payload;
    // One fact of an account at a time. FOR UPDATE alone locks nothing while the row does not exist
    // yet: an older fact (the JetStream copy of user.registered) could then wait on the newer one's
    // insert and overwrite it, leaving a French reader English or a proven number unproven.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`owners:${user.id}`}))`;
    const [current] = await tx.$queryRaw<{ version: number; banned: boolean; provenWhatsapp: string | null }[]>`
      SELECT version, banned, proven_whatsapp AS "provenWhatsapp" FROM "listings"."owners" WHERE id = ${user.id}::uuid FOR UPDATE`;
    if (current && current.version >= version) return 'stale';
    const banned = user.status === 'banned';
    const created = user.createdAt ? new Date(user.createdAt) : null;
    const memberSince = created && !Number.isNaN(created.getTime()) ? created : null;
    const provenAt = payload.whatsappProvenAt ? new Date(payload.whatsappProvenAt) : null;
    const proven = provenAt && !Number.isNaN(provenAt.getTime()) ? provenAt : null;
    const provenWhatsapp = proven ? user.whatsapp : (current?.provenWhatsapp ?? null);
    const data = {
      name: user.name,
      email: user.email,
      whatsapp: user.whatsapp,
      role: user.role,
      isVerified: user.isVerified,
      banned,
      // Events recorded before accounts had a language carry none: those people read English.
      language: toLanguage(user.language),
      // Every event carries the account's creation date; a malformed one leaves what we had.
      ...(memberSince ? { memberSince } : {}),
      provenWhatsapp,
      whatsappProvenAt: proven,
      version,
    };
    await tx.owner.upsert({ where: { id: user.id }, create: { id: user.id, ...data }, update: data });
    if ((current?.banned ?? false) !== banned || (current?.provenWhatsapp ?? null) !== provenWhatsapp) {
      await tx.$executeRaw`
        UPDATE "listings"."properties" SET version = version + 1, updated_at = now()
        WHERE owner_id = ${user.id}::uuid AND deleted_at IS NULL`;
    }
    return 'applied';
  }

  /** The owner's language; English for someone the projection does not know (yet). */
  async languageOf(id: string): Promise<Language> {
    const owner = await this.db.owner.findUnique({ where: { id }, select: { language: true } });
    return owner?.language ?? 'en';
  }

  find(id: string): Promise<Owner | null> {
    return this.db.owner.findUnique({ where: { id } });
  }

  async findMany(ids: readonly string[]): Promise<Map<string, Owner>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const owners = await this.db.owner.findMany({ where: { id: { in: unique } } });
    return new Map(owners.map((o) => [o.id, o]));
  }

  /**
   * The owner, waiting briefly when the projection may lag behind a user who just registered (or,
   * with `until`, behind a change such as a number proven a moment ago).
   */
  async waitFor(id: string, waitMs = this.config.ownerWaitMs, until: (owner: Owner) => boolean = () => true): Promise<Owner | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const owner = await this.find(id);
      if ((owner && until(owner)) || Date.now() >= deadline) return owner;
      await sleep(100);
    }
  }
}
