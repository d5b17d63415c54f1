import type { ListingTextFlag, PropertyRead } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';

/** A property as the admin reads carry it (the review read, a list row); a row changed since has none. */
type Flagged = PropertyRead & { textFlags?: readonly ListingTextFlag[] };

/**
 * The review screen's warning for a listing whose text asks for money before a visit or gives
 * another phone number (the admin read's `textFlags`, docs/api.md#money-asked-before-a-visit):
 * nothing when its text asks for nothing.
 */
export function TextFlagsWarning({ property }: { property: Flagged }) {
  const { t } = useI18n();
  const flags = property.textFlags ?? [];
  if (flags.length === 0) return null;
  return (
    <div className="panel panel-warning" role="note" data-testid="text-flags">
      <h2>{t('review.textFlags.title')}</h2>
      <ul>
        {flags.map((flag) => (
          <li key={flag}>
            <strong>{t(`review.textFlags.${flag}`)}</strong>
          </li>
        ))}
      </ul>
      <p className="muted">{t('review.textFlags.advice')}</p>
    </div>
  );
}

/** The properties list's mark for the same: a red badge whose tooltip says what the text asks. */
export function TextFlagsBadge({ property }: { property: Flagged }) {
  const { t } = useI18n();
  const flags = property.textFlags ?? [];
  if (flags.length === 0) return null;
  return (
    <span className="badge badge-red" data-color="red" data-testid="text-flags-badge" title={flags.map((flag) => t(`review.textFlags.${flag}`)).join(' ')}>
      {t('properties.textFlagsBadge')}
    </span>
  );
}
