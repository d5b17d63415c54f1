import { useCheckingPerson, useI18n } from '@mboa/web-core';

/** "Checking this is a person… (a few seconds)" while the page answers a person check (docs/api.md#the-person-check). */
export function CheckingPerson() {
  const { m } = useI18n();
  const checking = useCheckingPerson();
  return checking ? (
    <p className="muted center" role="status">
      {m.personCheck.checking}
    </p>
  ) : null;
}
