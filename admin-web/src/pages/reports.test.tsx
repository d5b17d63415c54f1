import { MESSAGES, MESSAGES_FR, REPORT_REASON_LABELS, REPORT_REASON_LABELS_FR, type ReportCase } from '@mboa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fr } from '../i18n/fr.js';
import { i18n, mockFetch, renderPage, type Call } from '../test/utils.js';
import Reports from './Reports.js';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const reportCase = (o: Partial<ReportCase> = {}): ReportCase => ({
  propertyId: 'p1',
  title: 'Studio in Molyko',
  ownerId: 'o1',
  counts: { scam: 3, 'pay-before-visit': 0, rented: 0, 'wrong-price': 1, 'not-these-photos': 0, other: 0 },
  total: 4,
  held: true,
  latestText: 'He asked me for 10,000 FCFA by Mobile Money before any visit.',
  latestAt: '2026-11-21T09:30:00.000Z',
  reports: [
    { id: 'r4', reason: 'scam', text: 'He asked me for 10,000 FCFA by Mobile Money before any visit.', reporterId: 'u2', reporterName: 'Rita Renter', createdAt: '2026-11-21T09:30:00.000Z' },
    { id: 'r3', reason: 'scam', text: null, reporterId: null, reporterName: null, createdAt: '2026-11-21T08:00:00.000Z' },
    { id: 'r2', reason: 'wrong-price', text: null, reporterId: 'u2', reporterName: 'Rita Renter', createdAt: '2026-11-20T08:00:00.000Z' },
    { id: 'r1', reason: 'scam', text: null, reporterId: null, reporterName: null, createdAt: '2026-11-19T08:00:00.000Z' },
  ],
  links: { details: '/property-details/p1', admin: '/admin/property-review/p1' },
  ...o,
});
const calm = reportCase({
  propertyId: 'p2',
  title: 'Flat in Bonamoussadi',
  counts: { scam: 0, 'pay-before-visit': 0, rented: 1, 'wrong-price': 0, 'not-these-photos': 0, other: 0 },
  total: 1,
  held: false,
  latestText: null,
  reports: [{ id: 'r9', reason: 'rented', text: null, reporterId: 'u3', reporterName: 'Tom Tenant', createdAt: '2026-11-18T08:00:00.000Z' }],
  links: { details: '/property-details/p2', admin: '/admin/property-review/p2' },
});

/** A queue with two listings whose reports close for real: the next read no longer has them. */
function queue(reply: (call: Call) => { status?: number; body: unknown } | undefined = () => undefined) {
  const open = new Map([reportCase(), calm].map((c) => [c.propertyId, c]));
  return mockFetch((call) => {
    if (call.method === 'GET' && call.path === '/api/admin/reports') return { body: { cases: [...open.values()], total: open.size, page: 1, totalPages: 1 } };
    const answer = reply(call);
    if (answer) return answer;
    const [, propertyId, what] = /^\/api\/admin\/reports\/([^/]+)\/(dismiss|act)$/.exec(call.path) ?? [];
    if (!propertyId || !open.has(propertyId)) return { status: 404, body: { message: MESSAGES.report.noOpenReports } };
    const closed = open.get(propertyId)!.total;
    open.delete(propertyId);
    const message = what === 'dismiss' ? MESSAGES.report.dismissed : call.body.action === 'deactivate' ? MESSAGES.report.deactivated : MESSAGES.report.ownerBanned;
    return { body: { message, propertyId, resolution: 'dismissed', closed, released: true } };
  });
}

const findToast = (text: string) => waitFor(() => expect([...document.querySelectorAll('.toast span')].map((el) => el.textContent)).toContain(text));

describe('Reports queue', () => {
  it('shows each listing with its counts per reason, who reported, the latest text and its links; a held listing stands out', async () => {
    const { calls } = queue();
    renderPage(<Reports />, { path: '/reports' });
    const held = await screen.findByTestId('report-row-p1');
    expect(screen.getByRole('heading', { level: 1, name: 'Reported listings' })).toBeInTheDocument();
    expect(calls[0].query.get('page')).toBe('1');
    expect(calls[0].query.get('limit')).toBe('10');

    expect(held.classList.contains('row-held')).toBe(true);
    expect(within(held).getByText('Out of search, pending review')).toBeInTheDocument();
    expect(within(held).getByText('4 reports')).toBeInTheDocument();
    expect(within(held).getByTestId('reasons').textContent).toBe(`3 ${REPORT_REASON_LABELS.scam}1 ${REPORT_REASON_LABELS['wrong-price']}`);
    // Rita reported twice: named once; the two visitors are counted.
    expect(within(held).getByTestId('reporters')).toHaveTextContent('Rita Renter, 2 visitors not signed in');
    expect(within(held).getByText(reportCase().latestText!)).toBeInTheDocument();
    expect(within(held).getByRole('link', { name: 'Studio in Molyko' }).getAttribute('href')).toBe('/property-review/p1');
    expect(within(held).getByRole('link', { name: 'Public page' }).getAttribute('href')).toBe('/property-details/p1');

    const other = screen.getByTestId('report-row-p2');
    expect(other.classList.contains('row-held')).toBe(false);
    expect(within(other).queryByText('Out of search, pending review')).toBeNull();
    expect(within(other).getByText('1 report')).toBeInTheDocument();
    expect(within(other).getByTestId('reasons')).toHaveTextContent(`1 ${REPORT_REASON_LABELS.rented}`);
    expect(within(other).getByTestId('reporters')).toHaveTextContent(/^Tom Tenant$/);
  });

  it('dismisses only after confirmation, shows the server answer and reads the queue again', async () => {
    const u = userEvent.setup();
    const { calls } = queue();
    renderPage(<Reports />, { path: '/reports' });
    await u.click(await screen.findByRole('button', { name: 'Actions for Studio in Molyko' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Dismiss reports', 'Deactivate listing', 'Ban owner']);
    await u.click(screen.getByRole('menuitem', { name: 'Dismiss reports' }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss these reports?' });
    expect(dialog).toHaveTextContent('The 4 open reports on “Studio in Molyko” will be closed with no action against the listing.');
    expect(dialog).toHaveTextContent('The listing comes back in search at once.');

    // Cancel sends nothing.
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Actions for Studio in Molyko' }));
    await u.click(screen.getByRole('menuitem', { name: 'Dismiss reports' }));
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Dismiss reports' }));
    await findToast(MESSAGES.report.dismissed);
    await waitFor(() => expect(screen.queryByTestId('report-row-p1')).toBeNull());
    expect(screen.getByTestId('report-row-p2')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/api/admin/reports/p1/dismiss']);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('deactivates or bans with the action in the body, and says why when the server refuses', async () => {
    const u = userEvent.setup();
    const { calls } = queue((call) => (call.body?.action === 'ban-owner' ? { status: 409, body: { message: MESSAGES.auth.cannotBanAdmin } } : undefined));
    renderPage(<Reports />, { path: '/reports' });
    await u.click(await screen.findByRole('button', { name: 'Actions for Flat in Bonamoussadi' }));
    await u.click(screen.getByRole('menuitem', { name: 'Ban owner' }));
    const ban = screen.getByRole('dialog', { name: 'Ban the owner?' });
    expect(ban).toHaveTextContent('The owner of “Flat in Bonamoussadi” will be signed out and banned');
    expect(ban).toHaveTextContent('The open report will be closed.');
    await u.click(within(ban).getByRole('button', { name: 'Ban owner' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.cannotBanAdmin);
    expect(screen.getByTestId('report-row-p2')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Actions for Flat in Bonamoussadi' }));
    await u.click(screen.getByRole('menuitem', { name: 'Deactivate listing' }));
    const deactivate = screen.getByRole('dialog', { name: 'Deactivate this listing?' });
    expect(deactivate).toHaveTextContent('“Flat in Bonamoussadi” will leave the site, and its open report will be closed.');
    await u.click(within(deactivate).getByRole('button', { name: 'Deactivate listing' }));
    await findToast(MESSAGES.report.deactivated);
    await waitFor(() => expect(screen.queryByTestId('report-row-p2')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/reports/p2/act', { action: 'ban-owner' }],
      ['/api/admin/reports/p2/act', { action: 'deactivate' }],
    ]);
  });

  it('says so when no listing has open reports', async () => {
    mockFetch(() => ({ body: { cases: [], total: 0, page: 1, totalPages: 1 } }));
    renderPage(<Reports />, { path: '/reports' });
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
    expect(screen.getByTestId('pagination-text')).toHaveTextContent('Page 1 of 1');
  });

  it('reads in French: navigation, headings, reasons, reporters, the held mark and the confirmation', async () => {
    const u = userEvent.setup();
    await i18n.changeLanguage('fr');
    queue();
    renderPage(<Reports />, { path: '/reports', inLayout: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Annonces signalées' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: fr.nav.main });
    expect(within(nav).getByRole('link', { name: 'Signalements' }).getAttribute('href')).toBe('/reports');
    const held = await screen.findByTestId('report-row-p1');
    expect(within(held).getByText('Hors des recherches, à vérifier')).toBeInTheDocument();
    expect(within(held).getByText('4 signalements')).toBeInTheDocument();
    expect(within(held).getByTestId('reasons').textContent).toBe(`3 ${REPORT_REASON_LABELS_FR.scam}1 ${REPORT_REASON_LABELS_FR['wrong-price']}`);
    expect(within(held).getByTestId('reporters')).toHaveTextContent('Rita Renter, 2 visiteurs non connectés');
    expect(within(held).getByRole('link', { name: 'Page publique' })).toBeInTheDocument();
    expect(within(screen.getByTestId('report-row-p2')).getByText('1 signalement')).toBeInTheDocument();
    expect(screen.getByTestId('pagination-text')).toHaveTextContent(MESSAGES_FR.ui.pageOf(1, 1));

    await u.click(within(held).getByRole('button', { name: 'Actions pour Studio in Molyko' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Classer sans suite', 'Désactiver l’annonce', 'Suspendre le propriétaire']);
    await u.click(screen.getByRole('menuitem', { name: 'Classer sans suite' }));
    const dialog = screen.getByRole('dialog', { name: 'Classer ces signalements sans suite ?' });
    expect(dialog).toHaveTextContent('Les 4 signalements en attente sur “Studio in Molyko” seront clôturés sans aucune mesure contre l’annonce.');
    expect(dialog).toHaveTextContent('L’annonce revient aussitôt dans les recherches.');
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  });
});
