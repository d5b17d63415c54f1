import type { ListingChecks } from '@mboa/contracts';
import { useI18n } from '@mboa/web-core';

/**
 * What a renter is told was checked (docs/api.md#what-was-checked): the answer's `checks`, about the
 * person who answers for the listing and, for control, this property. Each state is said in words
 * (a ✓ or a dash beside them is only decoration), so nothing rests on colour. Nothing at all for an
 * answer without checks (one kept offline from before they existed): better silent than wrong.
 */

/** Whether our team checked anything (a confirmed number is proven by a code, not by our team). */
function checkedByTeam(checks: ListingChecks): boolean {
  return checks.identityChecked || checks.control !== null;
}

/** A card's line: what was checked, in short, or plainly that our team has not checked it yet. */
export function CardChecks({ checks }: { checks: ListingChecks | undefined }) {
  const { t } = useI18n();
  if (!checks) return null;
  const done = [
    checks.numberConfirmed ? t('checks.numberConfirmed') : null,
    checks.identityChecked ? t('checks.identityChecked') : null,
    checks.control === 'owner' ? t('checks.controlOwner') : null,
    checks.control === 'caretaker' ? t('checks.controlCaretaker') : null,
  ].filter((label): label is string => label !== null);
  return (
    <ul className="card-checks" aria-label={t('checks.title')}>
      {done.map((label) => (
        <li key={label} className="check-done">
          <span aria-hidden="true">✓ </span>
          {label}
        </li>
      ))}
      {checkedByTeam(checks) ? null : <li className="check-none">{t('checks.notCheckedShort')}</li>}
    </ul>
  );
}

interface Row {
  key: string;
  done: boolean;
  label: string;
  detail?: string;
}

/** The details page's account, beside the owner card and the contact button: every check, done or not yet. */
export function DetailsChecks({ checks }: { checks: ListingChecks | undefined }) {
  const { t } = useI18n();
  if (!checks) return null;
  const rows: Row[] = [
    checks.numberConfirmed
      ? { key: 'number', done: true, label: t('checks.numberConfirmed'), detail: t('checks.numberConfirmedDetail') }
      : { key: 'number', done: false, label: t('checks.numberNotConfirmed') },
    checks.identityChecked
      ? { key: 'identity', done: true, label: t('checks.identityChecked'), detail: t('checks.identityCheckedDetail') }
      : { key: 'identity', done: false, label: t('checks.identityNotChecked') },
    checks.control === 'owner'
      ? { key: 'control', done: true, label: t('checks.controlOwner'), detail: t('checks.controlOwnerDetail') }
      : checks.control === 'caretaker'
        ? { key: 'control', done: true, label: t('checks.controlCaretaker'), detail: t('checks.controlCaretakerDetail') }
        : { key: 'control', done: false, label: t('checks.controlNotChecked') },
  ];
  return (
    <section className="listing-checks" aria-labelledby="listing-checks-title">
      <h2 id="listing-checks-title" className="small muted">
        {t('checks.title')}
      </h2>
      <ul className="listing-checks-list small">
        {rows.map((row) => (
          <li key={row.key} className={row.done ? 'check-done' : 'check-not-yet'}>
            <span className="check-mark" aria-hidden="true">
              {row.done ? '✓' : '–'}
            </span>
            <span>
              <span className="check-label">{row.label}</span>
              {row.detail ? <span className="check-detail">{row.detail}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {checkedByTeam(checks) ? null : <p className="check-warning small">{t('checks.notChecked')}</p>}
    </section>
  );
}
