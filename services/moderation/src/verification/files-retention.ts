import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { MEDIA_PATTERNS } from '@mboa/contracts';
import { MODERATION_CONFIG, type ModerationConfig } from '../config.js';
import { ModerationDb } from '../db.js';
import { MediaClient } from '../media.client.js';
import { filesExpireBefore } from '../rules/verification.js';

const DEFAULT_SWEEP_MS = 3_600_000;
/** Requests emptied per round; the next round takes the rest. */
const BATCH = 50;

/**
 * Deletes the photos of requests decided more than LIMITS.verification.filesKeptDays ago (media
 * removes them from the documents store), then empties the request's files and sets
 * `files_deleted_at`; the decision stays. Pending requests keep theirs. Runs on a timer in every
 * moderation process; several at once are safe (each deletes the same files, which media allows).
 */
@Injectable()
export class FilesRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('moderation-verification');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @Inject(MODERATION_CONFIG) private readonly config: ModerationConfig,
    private readonly db: ModerationDb,
    private readonly media: MediaClient,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.verification?.sweepMs ?? DEFAULT_SWEEP_MS;
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.once().finally(() => (this.running = undefined));
    }, every);
    this.timer.unref();
  }

  private async once(): Promise<void> {
    try {
      const emptied = await this.sweep(new Date());
      if (emptied) this.logger.log(`document retention: the photos of ${emptied} decided request(s) deleted`);
    } catch (error) {
      this.logger.error(`document retention failed (the next round retries): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** One round at `now`: how many requests had their photos deleted. */
  async sweep(now: Date): Promise<number> {
    const cutoff = filesExpireBefore(now);
    let emptied = 0;
    for (;;) {
      const due = await this.db.verificationRequest.findMany({
        where: { status: { not: 'pending' }, filesDeletedAt: null, decidedAt: { lt: cutoff } },
        orderBy: { decidedAt: 'asc' },
        take: BATCH,
        select: { id: true, files: { select: { key: true } } },
      });
      if (!due.length) return emptied;
      const keys = due.flatMap((r) => r.files.map((f) => f.key));
      // The files go first, outside any transaction (media may take a moment): a failure leaves
      // the rows as they were for the next round, and deleting a file twice is fine.
      if (keys.length) await this.media.call(MEDIA_PATTERNS.documentsDiscard, { keys });
      const ids = due.map((r) => r.id);
      await this.db.$transaction([
        this.db.verificationFile.deleteMany({ where: { requestId: { in: ids } } }),
        this.db.verificationRequest.updateMany({ where: { id: { in: ids }, filesDeletedAt: null }, data: { filesDeletedAt: now } }),
      ]);
      emptied += due.length;
      if (due.length < BATCH) return emptied;
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
