import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { MODERATION_PATTERNS as P, type CheckedRequestOf, type ReplyOf } from '@mboa/contracts';
import { RpcRequest } from '@mboa/platform';
import { AuditTrail } from './audit/audit-trail.js';
import { HealthService } from './health.service.js';
import { ReportService } from './reports/report.service.js';
import { ReviewService } from './reviews/review.service.js';
import { QueuesService } from './figures/queues.service.js';
import { VerificationService } from './verification/verification.service.js';

type In<K extends keyof typeof P> = CheckedRequestOf<(typeof P)[K]>;
type Out<K extends keyof typeof P> = Promise<ReplyOf<(typeof P)[K]>>;

/** moderation's NATS handlers: each message is checked against its contract (RPC_REQUESTS) before it gets here. */
@Controller()
export class ModerationController {
  constructor(
    private readonly reviews: ReviewService,
    private readonly reports: ReportService,
    private readonly audit: AuditTrail,
    private readonly health: HealthService,
    private readonly verification: VerificationService,
    private readonly queues: QueuesService,
  ) {}

  @MessagePattern(P.review)
  review(@RpcRequest(P.review) { propertyId, review, actor }: In<'review'>): Out<'review'> {
    return this.reviews.review(propertyId, review, actor);
  }

  @MessagePattern(P.reviewsOf)
  async reviewsOf(@RpcRequest(P.reviewsOf) { propertyId }: In<'reviewsOf'>): Out<'reviewsOf'> {
    return { reviews: await this.reviews.reviewsOf(propertyId) };
  }

  @MessagePattern(P.auditLatest)
  async latest(@RpcRequest(P.auditLatest) { limit }: In<'auditLatest'>): Out<'auditLatest'> {
    return { actions: await this.audit.latest(limit) };
  }

  @MessagePattern(P.reportsCreate)
  create(@RpcRequest(P.reportsCreate) { propertyId, reporter, report }: In<'reportsCreate'>): Out<'reportsCreate'> {
    return this.reports.report(propertyId, reporter, report);
  }

  @MessagePattern(P.reportsQueue)
  queue(@RpcRequest(P.reportsQueue) { page, limit }: In<'reportsQueue'>): Out<'reportsQueue'> {
    return this.reports.queue(page, limit);
  }

  @MessagePattern(P.reportsDismiss)
  dismiss(@RpcRequest(P.reportsDismiss) { propertyId, actor }: In<'reportsDismiss'>): Out<'reportsDismiss'> {
    return this.reports.dismiss(propertyId, actor);
  }

  @MessagePattern(P.reportsAct)
  act(@RpcRequest(P.reportsAct) { propertyId, action, actor }: In<'reportsAct'>): Out<'reportsAct'> {
    return this.reports.act(propertyId, action, actor);
  }

  @MessagePattern(P.verificationCheck)
  verificationCheck(@RpcRequest(P.verificationCheck) { actor, request }: In<'verificationCheck'>): Out<'verificationCheck'> {
    return this.verification.check(actor, request);
  }

  @MessagePattern(P.verificationCreate)
  verificationCreate(@RpcRequest(P.verificationCreate) { actor, request, files }: In<'verificationCreate'>): Out<'verificationCreate'> {
    return this.verification.create(actor, request, files);
  }

  @MessagePattern(P.verificationMine)
  verificationMine(@RpcRequest(P.verificationMine) { actor }: In<'verificationMine'>): Out<'verificationMine'> {
    return this.verification.mine(actor);
  }

  @MessagePattern(P.verificationList)
  verificationList(@RpcRequest(P.verificationList) { actor, ...query }: In<'verificationList'>): Out<'verificationList'> {
    return this.verification.list(actor, query);
  }

  @MessagePattern(P.verificationGet)
  verificationGet(@RpcRequest(P.verificationGet) { actor, id }: In<'verificationGet'>): Out<'verificationGet'> {
    return this.verification.get(actor, id);
  }

  @MessagePattern(P.verificationFile)
  verificationFile(@RpcRequest(P.verificationFile) { actor, id, fileId }: In<'verificationFile'>): Out<'verificationFile'> {
    return this.verification.file(actor, id, fileId);
  }

  @MessagePattern(P.verificationDecide)
  verificationDecide(@RpcRequest(P.verificationDecide) { actor, id, decision }: In<'verificationDecide'>): Out<'verificationDecide'> {
    return this.verification.decide(actor, id, decision);
  }

  @MessagePattern(P.verificationPending)
  verificationPending(): Out<'verificationPending'> {
    return this.verification.pending();
  }

  @MessagePattern(P.queues)
  queueAges(): Out<'queues'> {
    return this.queues.ages();
  }

  @MessagePattern(P.health)
  check(): Out<'health'> {
    return this.health.check();
  }
}
