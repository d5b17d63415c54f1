import { PAYMENT_TERMS } from '@mboa/contracts';

/** The three amounts as typed: each form checks and converts them its own way. */
export interface PriceFieldValues {
  price: string;
  paymentTerm: string;
  caution: string;
}

/**
 * A property's price, payment term and caution (deposit), for the posting wizard and the admin's
 * edit dialog. A fragment of three `.field` labels, so the caller's layout (a stack, a grid) places them.
 */
export function PriceFields({
  values,
  onChange,
  labels,
  termLabels,
  chooseTerm,
}: {
  values: PriceFieldValues;
  onChange: (change: Partial<PriceFieldValues>) => void;
  labels: Readonly<Record<keyof PriceFieldValues, string>>;
  termLabels: Readonly<Record<string, string>>;
  /** A first, empty choice, for a form that starts without a payment term. */
  chooseTerm?: string;
}) {
  return (
    <>
      <label className="field">
        <span>{labels.price}</span>
        <input type="number" inputMode="numeric" min={0} value={values.price} onChange={(e) => onChange({ price: e.target.value })} />
      </label>
      <label className="field">
        <span>{labels.paymentTerm}</span>
        <select value={values.paymentTerm} onChange={(e) => onChange({ paymentTerm: e.target.value })}>
          {chooseTerm === undefined ? null : <option value="">{chooseTerm}</option>}
          {PAYMENT_TERMS.map((term) => (
            <option key={term} value={term}>
              {termLabels[term]}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{labels.caution}</span>
        <input type="number" inputMode="numeric" min={0} value={values.caution} onChange={(e) => onChange({ caution: e.target.value })} />
      </label>
    </>
  );
}
