import { MESSAGES, MESSAGES_FR } from '@mboa/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, renderApp } from '../test/utils.js';
import { PreviewStep } from './steps/PreviewStep.js';
import { PriceStep } from './steps/PriceStep.js';
import { buildFormData, canContinue, emptyForm, type PostForm } from './wizard.js';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const priced = (advanceMonths: string): PostForm => ({ ...emptyForm(), price: '35000', paymentTerm: 'monthly', caution: '70000', advanceMonths });

/** The pricing step and the preview on one draft, as the wizard keeps it. */
function Pricing() {
  const [form, setForm] = useState<PostForm>(priced(''));
  return (
    <>
      <PriceStep form={form} set={(patch) => setForm((f) => ({ ...f, ...patch }))} setForm={setForm} />
      <PreviewStep form={form} />
      <output data-testid="can-continue">{String(canContinue(5, form))}</output>
    </>
  );
}

describe('months of rent in advance in the post wizard', () => {
  it('the pricing step goes on with none or 0 to 24 whole months, as the server accepts', () => {
    for (const ok of ['', '0', '6', '24']) expect([ok, canContinue(5, priced(ok))]).toEqual([ok, true]);
    for (const wrong of ['25', '-1', '2.5']) expect([wrong, canContinue(5, priced(wrong))]).toEqual([wrong, false]);
  });

  it('are sent beside the caution, and not at all when left empty', () => {
    expect(buildFormData(priced('6'), { isAdmin: false }).get('advanceMonths')).toBe('6');
    expect(buildFormData(priced(''), { isAdmin: false }).has('advanceMonths')).toBe(false);
  });

  it('the field says what is wrong at once, and the preview counts the advance in the total', async () => {
    const u = userEvent.setup();
    renderApp(<Pricing />);
    const field = screen.getByRole('spinbutton', { name: 'Months of rent in advance' });
    expect(screen.getByTestId('summary-total')).toHaveTextContent('105,000 FCFA');

    await u.type(field, '25');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.property.advanceMonthsInvalid);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('can-continue')).toHaveTextContent('false');

    await u.clear(field);
    await u.type(field, '6');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('can-continue')).toHaveTextContent('true');
    expect(screen.getByText('Advance (6 months)')).toBeInTheDocument();
    // 6 months (the first among them) and the caution, as renters will read it on the details page.
    expect(screen.getByTestId('summary-total')).toHaveTextContent('280,000 FCFA');
  });

  it('in French', async () => {
    const u = userEvent.setup();
    await i18n.changeLanguage('fr');
    renderApp(<Pricing />);
    const field = screen.getByRole('spinbutton', { name: 'Mois d’avance' });
    await u.type(field, '2.5');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES_FR.property.advanceMonthsInvalid);
    await u.clear(field);
    await u.type(field, '1');
    expect(screen.getByText('Avance (1 mois)')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText('Advance (1 month)')).toBeInTheDocument();
  });
});
