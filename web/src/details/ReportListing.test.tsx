import { LIMITS, MESSAGES, MESSAGES_FR, REPORT_REASON_LABELS, REPORT_REASON_LABELS_FR } from '@mboa/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.js';
import { fr } from '../i18n/fr.js';
import PropertyDetails from '../pages/PropertyDetails.js';
import { i18n, mockFetch, property, renderApp, user } from '../test/utils.js';

const at = { path: '/property-details/p1', route: '/property-details/:id' };
const reportPath = '/api/properties/p1/reports';

afterEach(async () => {
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

async function openReport() {
  await userEvent.click(await screen.findByRole('button', { name: en.report.open }));
  // The form is its own chunk, loaded on the first click.
  return screen.findByRole('dialog', { name: en.report.title });
}

describe('report this listing', () => {
  it('signed out: asks for a reason, then a text for "Other", sends the report and shows the thanks', async () => {
    const { calls } = mockFetch(({ path }) =>
      path === reportPath
        ? { status: 201, body: { message: MESSAGES.report.created, report: { id: 'r1', propertyId: 'p1', reason: 'other', text: 'Fake number', createdAt: '2026-11-24T10:00:00.000Z' } } }
        : { body: property() },
    );
    renderApp(<PropertyDetails />, at);
    const dialog = await openReport();
    const send = within(dialog).getByRole('button', { name: en.report.send });

    await userEvent.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.report.reasonRequired);

    await userEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.other }));
    // Choosing a reason answers "choose a reason": the message goes.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: en.report.detailsRequired }).maxLength).toBe(LIMITS.reports.textMax);
    await userEvent.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.report.textRequired);
    expect(calls.some((c) => c.path === reportPath)).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox'), 'Fake number');
    await userEvent.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.find((c) => c.path === reportPath);
    expect(sent).toMatchObject({ method: 'POST', body: { reason: 'other', text: 'Fake number' } });
    expect(await screen.findByText(MESSAGES.report.created)).toBeInTheDocument();
    expect(screen.getByText(en.report.reported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.report.open })).toBeNull();
  });

  it('already reported (409): says so and shows the reported state, also after a reload', async () => {
    mockFetch(({ path }) => (path === reportPath ? { status: 409, body: { message: MESSAGES.report.duplicate } } : { body: property() }));
    const first = renderApp(<PropertyDetails />, at);
    const dialog = await openReport();
    await userEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.rented }));
    await userEvent.click(within(dialog).getByRole('button', { name: en.report.send }));
    expect(await screen.findByText(MESSAGES.report.duplicate)).toBeInTheDocument();
    expect(screen.getByText(en.report.reported)).toBeInTheDocument();
    first.unmount();

    renderApp(<PropertyDetails />, at);
    expect(await screen.findByText(en.report.reported)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.report.open })).toBeNull();
  });

  it('too many reports (429): the server\'s text stays in the dialog, which stays open', async () => {
    mockFetch(({ path }) => (path === reportPath ? { status: 429, body: { message: MESSAGES.report.tooMany } } : { body: property() }));
    renderApp(<PropertyDetails />, at);
    const dialog = await openReport();
    await userEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS.scam }));
    await userEvent.click(within(dialog).getByRole('button', { name: en.report.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.report.tooMany);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText(en.report.reported)).toBeNull();
  });

  it('the owner of the listing has no report button', async () => {
    mockFetch(() => ({ body: property() }));
    renderApp(<PropertyDetails />, { ...at, signedIn: user({ _id: 'owner1', role: 'landlord', isVerified: true }) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: en.report.open })).toBeNull();
  });

  it('in French: the reasons, the form\'s own check and the server\'s answer read in French', async () => {
    const { calls } = mockFetch(({ path }) =>
      path === reportPath
        ? { status: 201, body: { message: MESSAGES_FR.report.created, report: { id: 'r1', propertyId: 'p1', reason: 'scam', text: null, createdAt: '2026-11-24T10:00:00.000Z' } } }
        : { body: property() },
    );
    await act(() => i18n.changeLanguage('fr'));
    renderApp(<PropertyDetails />, at);
    await userEvent.click(await screen.findByRole('button', { name: fr.report.open }));
    const dialog = screen.getByRole('dialog', { name: fr.report.title });
    await userEvent.click(within(dialog).getByRole('button', { name: fr.report.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES_FR.report.reasonRequired);
    await userEvent.click(within(dialog).getByRole('radio', { name: REPORT_REASON_LABELS_FR.scam }));
    expect(within(dialog).getByRole('textbox', { name: fr.report.detailsOptional })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: fr.report.send }));
    expect(await screen.findByText(MESSAGES_FR.report.created)).toBeInTheDocument();
    expect(screen.getByText(fr.report.reported)).toBeInTheDocument();
    const sent = calls.find((c) => c.path === reportPath);
    expect(sent?.body).toEqual({ reason: 'scam' });
  });

  it('offers "asked me to pay before a visit", in English and in French, and sends it without a text', async () => {
    const { calls } = mockFetch(({ path }) =>
      path === reportPath
        ? { status: 201, body: { message: MESSAGES.report.created, report: { id: 'r1', propertyId: 'p1', reason: 'pay-before-visit', text: null, createdAt: '2026-11-24T10:00:00.000Z' } } }
        : { body: property() },
    );
    const { unmount } = renderApp(<PropertyDetails />, at);
    let dialog = await openReport();
    expect(within(dialog).getByRole('radio', { name: 'Asked me to pay before a visit' })).toBeInTheDocument();
    unmount();

    await act(() => i18n.changeLanguage('fr'));
    renderApp(<PropertyDetails />, at);
    await userEvent.click(await screen.findByRole('button', { name: fr.report.open }));
    dialog = screen.getByRole('dialog', { name: fr.report.title });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'M’a demandé de payer avant la visite' }));
    expect(within(dialog).getByRole('textbox', { name: fr.report.detailsOptional })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: fr.report.send }));
    await waitFor(() => expect(calls.find((c) => c.path === reportPath)?.body).toEqual({ reason: 'pay-before-visit' }));
  });
});
