import type { PropertyRead } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';
import { useMutation } from '@tanstack/react-query';
import { confirmMyListing } from '../api/endpoints.js';
import { useToast } from '../ui/toast.js';

/**
 * My Listings' one tap "Confirm availability" (docs/api.md#fresh-listings): the owner says the
 * listing is still available, which restarts its freshness clock (and brings it back to search if
 * it had been out for 45 days without a confirmation). `onConfirmed` gets the server's answer.
 */
export function ConfirmAvailabilityButton({
  property,
  disabled = false,
  onConfirmed,
}: {
  property: PropertyRead;
  disabled?: boolean;
  onConfirmed: (updated: PropertyRead) => void;
}) {
  const { t } = useI18n();
  const notify = useToast();
  const confirm = useMutation({
    mutationFn: () => confirmMyListing(property.id ?? property._id),
    onSuccess: (result) => {
      notify('success', result.message);
      onConfirmed(result.data);
    },
    onError: (error) => notify('error', error instanceof Error && error.message ? error.message : t('freshness.confirmFailed')),
  });
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      disabled={disabled || confirm.isPending}
      onClick={() => confirm.mutate()}
    >
      {confirm.isPending ? t('freshness.confirming') : t('freshness.confirm')}
    </button>
  );
}
