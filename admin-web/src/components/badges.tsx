import type { BadgeColor, VerificationStatus } from '@mboa/contracts';
import { StatusBadge } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';

const REQUEST_COLORS: Record<string, BadgeColor> = { searching: 'yellow', 'match-found': 'green', contacted: 'gray' };
const TICKET_COLORS: Record<string, BadgeColor> = { pending: 'yellow', 'in-progress': 'gray', completed: 'green' };
const USER_COLORS: Record<string, BadgeColor> = { active: 'green', banned: 'red' };
const VERIFICATION_COLORS: Record<VerificationStatus, BadgeColor> = { pending: 'yellow', approved: 'green', rejected: 'red' };

export function PropertyStatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  return <StatusBadge status={status} label={t(`labels.propertyStatus.${status}`, { defaultValue: status })} />;
}
export function RequestStatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  return <StatusBadge status={status} color={REQUEST_COLORS[status] ?? 'gray'} label={t(`labels.requestStatus.${status}`, { defaultValue: status })} />;
}
export function TicketStatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  return <StatusBadge status={status} color={TICKET_COLORS[status] ?? 'gray'} label={t(`labels.ticketStatus.${status}`, { defaultValue: status })} />;
}
export function UserStatusBadge({ status }: { status: string }) {
  const { t } = useI18n();
  return <StatusBadge status={status} color={USER_COLORS[status] ?? 'gray'} label={t(`labels.userStatus.${status}`, { defaultValue: status })} />;
}

/** Verified / Under review / Rejected, from `isVerified` and the last review. */
export function ReviewBadge({ isVerified, reviewState }: { isVerified: boolean; reviewState?: string }) {
  const { t } = useI18n();
  if (isVerified) return <StatusBadge status="verified" color="green" label={t('properties.verified')} />;
  if (reviewState === 'rejected') return <StatusBadge status="rejected" color="red" label={t('properties.rejected')} />;
  return <StatusBadge status="pending" color="yellow" label={t('properties.underReview')} />;
}

/** Pending / Approved / Rejected: an identity document or a proof of control. */
export function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  const { t } = useI18n();
  return <StatusBadge status={status} color={VERIFICATION_COLORS[status]} label={t(`labels.verificationStatus.${status}`)} />;
}
