import { MESSAGES } from '@mboa/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import PropertyDetails from '../pages/PropertyDetails.js';
import { i18n, mockFetch, property, renderApp, user } from '../test/utils.js';

const at = { path: '/property-details/p1', route: '/property-details/:id' };

afterEach(async () => {
  await i18n.changeLanguage('en');
});

async function details(overrides: Parameters<typeof property>[0]) {
  mockFetch(() => ({ body: property(overrides) }));
  renderApp(<PropertyDetails />, { ...at, signedIn: user() });
  await screen.findByRole('heading', { level: 1 });
  return within(screen.getByTestId('move-in-cost'));
}

/** Each line of the box as "label: amount"; French groups thousands with a narrow no-break space, read as a space. */
function lines(box: ReturnType<typeof within>): string[] {
  return box
    .getAllByRole('definition')
    .map((dd: HTMLElement) => `${dd.previousElementSibling?.textContent}: ${dd.textContent}`.replace(/[\u00a0\u202f]/g, ' '));
}

describe('what a renter pays to move in, on the details page', () => {
  it('a monthly rent with 6 months of advance: the advance covers the first month, plus the caution', async () => {
    const box = await details({ price: 35_000, paymentTerms: 'monthly', paymentTerm: 'monthly', caution: 70_000, advanceMonths: 6 });
    expect(box.getByRole('heading', { name: 'What you pay to move in' })).toBeInTheDocument();
    expect(lines(box)).toEqual([
      'Rent (1 month): 35,000 FCFA',
      'Caution (deposit): 70,000 FCFA',
      'Advance (6 months): 210,000 FCFA',
      'Total to move in: 280,000 FCFA',
    ]);
    expect(box.getByText('The advance is rent paid early: it covers your first months and is not added to the rent.')).toBeInTheDocument();
    expect(
      box.getByText('Mboa Rentals never charges renters. Pay nothing, not even a visit fee, before you have visited the property.'),
    ).toBeInTheDocument();
  });

  it('a yearly rent with 3 months of advance: the year is due, the advance is within it', async () => {
    const box = await details({ price: 600_000, paymentTerms: 'yearly', paymentTerm: 'yearly', caution: 100_000, advanceMonths: 3 });
    expect(lines(box)).toEqual([
      'Rent (1 year): 600,000 FCFA',
      'Caution (deposit): 100,000 FCFA',
      'Advance (3 months): 150,000 FCFA',
      'Total to move in: 700,000 FCFA',
    ]);
  });

  it('no advance: says none, and the total is one period and the caution', async () => {
    const box = await details({ price: 5_000, paymentTerms: 'daily', paymentTerm: 'daily', caution: 10_000, advanceMonths: 0 });
    expect(lines(box)).toEqual(['Rent (1 day): 5,000 FCFA', 'Caution (deposit): 10,000 FCFA', 'Advance: None', 'Total to move in: 15,000 FCFA']);
    expect(box.queryByText(/rent paid early/)).toBeNull();
  });

  it('in French, at once on a switch of language', async () => {
    const box = await details({ price: 150_000, paymentTerms: 'quarterly', paymentTerm: 'quarterly', caution: 50_000, advanceMonths: 1 });
    await act(() => i18n.changeLanguage('fr'));
    expect(box.getByRole('heading', { name: 'Ce que vous payez pour entrer' })).toBeInTheDocument();
    expect(lines(box)).toEqual([
      'Loyer (1 trimestre): 150 000 FCFA',
      'Caution: 50 000 FCFA',
      'Avance (1 mois): 50 000 FCFA',
      'Total à l’entrée: 200 000 FCFA',
    ]);
    expect(box.getByText('L’avance, c’est du loyer payé d’avance : elle couvre vos premiers mois et ne s’ajoute pas au loyer.')).toBeInTheDocument();
    expect(
      box.getByText('Mboa Rentals ne fait jamais payer les locataires. Ne payez rien, pas même des frais de visite, avant d’avoir visité le bien.'),
    ).toBeInTheDocument();
  });

  it('French with no advance: "Aucune"', async () => {
    await i18n.changeLanguage('fr');
    const box = await details({ price: 40_000, paymentTerms: 'monthly', paymentTerm: 'monthly', caution: 0, advanceMonths: 0 });
    expect(lines(box)).toEqual(['Loyer (1 mois): 40 000 FCFA', 'Caution: 0 FCFA', 'Avance: Aucune', 'Total à l’entrée: 40 000 FCFA']);
  });

  it('the Message Landlord dialog repeats the advice in one line, in both languages', async () => {
    await details({});
    fireEvent.click(screen.getByRole('link', { name: MESSAGES.ui.messageLandlord }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('Mboa Rentals never charges renters: pay nothing before your visit.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('fr'));
    expect(dialog.getByText('Mboa Rentals ne fait jamais payer les locataires : ne payez rien avant la visite.')).toBeInTheDocument();
  });
});
