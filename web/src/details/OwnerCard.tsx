import type { PropertyOwnerCard } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';

/**
 * "Who you are dealing with" (the details answer's `owner`): first name, checked by our team,
 * member since, and how many of their listings are live. Nothing when the server sent no card
 * (an owner listings does not know yet).
 */
export function OwnerCard({ owner }: { owner: PropertyOwnerCard | undefined }) {
  const { t, format } = useI18n();
  if (!owner) return null;
  return (
    <section className="owner-card" aria-label={t('ownerCard.title')}>
      <h2 className="small muted">{t('ownerCard.title')}</h2>
      {owner.firstName ? <p className="owner-name">{owner.firstName}</p> : null}
      <ul className="owner-facts small">
        {owner.verified ? <li className="owner-verified">✓ {t('ownerCard.verified')}</li> : null}
        {owner.memberSince ? <li>{t('ownerCard.memberSince', { date: format.monthYear(owner.memberSince) })}</li> : null}
        <li>{t('ownerCard.activeListings', { count: owner.activeListings })}</li>
      </ul>
    </section>
  );
}
