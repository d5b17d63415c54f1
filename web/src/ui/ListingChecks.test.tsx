import type { ListingChecks } from '@mboa/contracts';
import { I18nProvider } from '@mboa/web-core';
import { act, cleanup, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.js';
import { fr } from '../i18n/fr.js';
import PropertyDetails from '../pages/PropertyDetails.js';
import Home, { forgetHomeSnapshot } from '../pages/Home.js';
import { i18n, mockFetch, property, renderApp } from '../test/utils.js';
import { CardChecks, DetailsChecks } from './ListingChecks.js';

const NOTHING: ListingChecks = { numberConfirmed: false, identityChecked: false, control: null };
const ALL_OWNER: ListingChecks = { numberConfirmed: true, identityChecked: true, control: 'owner' };
const at = { path: '/property-details/p1', route: '/property-details/:id' };

class NoObserver {
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

/** The home page with one card, alone on the screen. */
async function homeWith(checks: ListingChecks) {
  cleanup();
  forgetHomeSnapshot();
  vi.stubGlobal('IntersectionObserver', NoObserver);
  mockFetch(({ path }) =>
    path === '/api/properties/search' ? { body: { properties: [property({ checks })], total: 1, page: 1, totalPages: 1 } } : undefined,
  );
  renderApp(<Home />);
  return screen.findByRole('list', { name: i18n.t('checks.title') });
}

describe("a card's checks", () => {
  it('lists what was checked, each in words', async () => {
    const list = await homeWith(ALL_OWNER);
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '✓ Number confirmed',
      '✓ Identity checked',
      '✓ Control of this property checked',
    ]);
    expect(within(list).queryByText(en.checks.notCheckedShort)).toBeNull();
  });

  it("names a caretaker's mandate, and says plainly when our team checked nothing (the number alone is not our check)", async () => {
    const caretaker = await homeWith({ numberConfirmed: false, identityChecked: false, control: 'caretaker' });
    expect(within(caretaker).getByText('Caretaker with the owner’s mandate')).toBeInTheDocument();
    const plain = await homeWith({ ...NOTHING, numberConfirmed: true });
    expect(within(plain).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['✓ Number confirmed', 'Not checked by our team yet']);
  });

  it('in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const checked = await homeWith({ numberConfirmed: true, identityChecked: true, control: 'caretaker' });
    expect(within(checked).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '✓ Numéro confirmé',
      '✓ Identité vérifiée',
      '✓ Gardien mandaté par le propriétaire',
    ]);
    const plain = await homeWith(NOTHING);
    expect(within(plain).getAllByRole('listitem').map((li) => li.textContent)).toEqual([fr.checks.notCheckedShort]);
  });

  it('says nothing for an answer without checks (kept offline from before they existed)', async () => {
    forgetHomeSnapshot();
    vi.stubGlobal('IntersectionObserver', NoObserver);
    const old = { ...property(), checks: undefined } as unknown as ReturnType<typeof property>;
    mockFetch(({ path }) => (path === '/api/properties/search' ? { body: { properties: [old], total: 1, page: 1, totalPages: 1 } } : undefined));
    renderApp(<Home />);
    await screen.findByText('1 property found');
    expect(screen.queryByRole('list', { name: en.checks.title })).toBeNull();
  });
});

describe('the details page', () => {
  it('shows every check beside the owner card and the contact button, with what each means, and keeps the safety advice', async () => {
    mockFetch(() => ({ body: property({ checks: ALL_OWNER }) }));
    renderApp(<PropertyDetails />, at);
    const section = await screen.findByRole('region', { name: en.checks.title });
    expect(within(section).getByText(en.checks.numberConfirmed)).toBeInTheDocument();
    expect(within(section).getByText(en.checks.numberConfirmedDetail)).toBeInTheDocument();
    expect(within(section).getByText(en.checks.identityChecked)).toBeInTheDocument();
    expect(within(section).getByText(en.checks.controlOwner)).toBeInTheDocument();
    expect(within(section).getByText(en.checks.controlOwnerDetail)).toBeInTheDocument();
    expect(within(section).queryByText(en.checks.notChecked)).toBeNull();
    // In the contact card, before the button; the advice not to pay before a visit is still there.
    const card = section.closest('.contact-card') as HTMLElement;
    expect(card).not.toBeNull();
    expect(within(card).getByRole('link', { name: /Message/ })).toBeInTheDocument();
    expect(section.compareDocumentPosition(within(card).getByRole('link', { name: /Message/ })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(en.moveIn.safety)).toBeInTheDocument();
  });

  it('says plainly what was not checked, and to ask for papers before paying', async () => {
    mockFetch(() => ({ body: property({ checks: NOTHING }) }));
    renderApp(<PropertyDetails />, at);
    const section = await screen.findByRole('region', { name: en.checks.title });
    expect(within(section).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '–Number not confirmed yet',
      '–Identity not checked yet',
      '–Control of this property not checked yet',
    ]);
    expect(within(section).getByText('Not checked by our team yet: ask to see papers before you pay anything.')).toBeInTheDocument();
  });

  it('in French, with a caretaker', async () => {
    await act(() => i18n.changeLanguage('fr'));
    mockFetch(() => ({ body: property({ checks: { numberConfirmed: true, identityChecked: false, control: 'caretaker' } }) }));
    renderApp(<PropertyDetails />, at);
    const section = await screen.findByRole('region', { name: fr.checks.title });
    expect(within(section).getByText('Gardien mandaté par le propriétaire')).toBeInTheDocument();
    expect(within(section).getByText(fr.checks.controlCaretakerDetail)).toBeInTheDocument();
    expect(within(section).getByText('Identité pas encore vérifiée')).toBeInTheDocument();
    expect(within(section).queryByText(fr.checks.notChecked)).toBeNull();
  });

  it('in French, nothing checked', async () => {
    await act(() => i18n.changeLanguage('fr'));
    mockFetch(() => ({ body: property({ checks: NOTHING }) }));
    renderApp(<PropertyDetails />, at);
    const section = await screen.findByRole('region', { name: fr.checks.title });
    expect(within(section).getByText('Pas encore vérifié par notre équipe : demandez à voir les papiers avant de payer quoi que ce soit.')).toBeInTheDocument();
  });
});

describe('drawn by the server', () => {
  const wrap = (node: ReactNode) => <I18nProvider i18n={i18n}>{node}</I18nProvider>;

  it('draws the same markup as the browser, for each state', async () => {
    for (const checks of [NOTHING, ALL_OWNER, { numberConfirmed: true, identityChecked: false, control: 'caretaker' as const }]) {
      for (const node of [<CardChecks key="c" checks={checks} />, <DetailsChecks key="d" checks={checks} />]) {
        const server = renderToString(wrap(node));
        const { container, unmount } = renderApp(node);
        await screen.findAllByText(/./);
        expect(container.innerHTML).toContain(server);
        unmount();
      }
    }
  });

  it("the details page drawn by the server has the same account of the checks as the browser's, in French", async () => {
    const { renderPage } = await import('../entry-server.js');
    const answer = property({ checks: { numberConfirmed: true, identityChecked: false, control: null } });
    const page = await renderPage({ url: 'https://mboa.example/property-details/p1', language: 'fr', answers: [{ found: true, data: answer }] });
    const drawn = /<section class="listing-checks"[\s\S]*?<\/section>/.exec(page?.html ?? '')?.[0];
    expect(drawn).toContain(fr.checks.notChecked);
    await act(() => i18n.changeLanguage('fr'));
    mockFetch(() => ({ body: answer }));
    renderApp(<PropertyDetails />, at);
    const section = await screen.findByRole('region', { name: fr.checks.title });
    expect(section.outerHTML).toBe(drawn);
  });
});
