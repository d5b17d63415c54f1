import type { BadgeColor } from '@mboa/contracts';
import { StatusBadge } from '@mboa/ui';
import { t } from '../i18n/index.js';

const REQUEST_COLORS: Record<string, BadgeColor> = { searching: 'yellow', 'match-found': 'green', contacted: 'gray' };
const TICKET_COLORS: Record<string, BadgeColor> = { pending: 'yellow', 'in-progress': 'gray', completed: 'green' };
const USER_COLORS: Record<string, BadgeColor> = { active: 'green', banned: 'red' };

export const PropertyStatusBadge = ({ status }: { status: string }) => (
  <StatusBadge status={status} label={t.labels.propertyStatus[status] ?? status} />
);
export const RequestStatusBadge = ({ status }: { status: string }) => (
  <StatusBadge status={status} color={REQUEST_COLORS[status] ?? 'gray'} label={t.labels.requestStatus[status] ?? status} />
);
export const TicketStatusBadge = ({ status }: { status: string }) => (
  <StatusBadge status={status} color={TICKET_COLORS[status] ?? 'gray'} label={t.labels.ticketStatus[status] ?? status} />
);
export const UserStatusBadge = ({ status }: { status: string }) => (
  <StatusBadge status={status} color={USER_COLORS[status] ?? 'gray'} label={t.labels.userStatus[status] ?? status} />
);

/** Verified / Under review / Rejected, from `isVerified` and the last review. */
export function ReviewBadge({ isVerified, reviewState }: { isVerified: boolean; reviewState?: string }) {
  if (isVerified) return <StatusBadge status="verified" color="green" label={t.properties.verified} />;
  if (reviewState === 'rejected') return <StatusBadge status="rejected" color="red" label={t.properties.rejected} />;
  return <StatusBadge status="pending" color="yellow" label={t.properties.underReview} />;
}
