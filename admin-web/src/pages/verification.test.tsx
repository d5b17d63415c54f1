import { MESSAGES, MESSAGES_FR, type AdminVerificationDetail, type AdminVerificationItem } from '@mboa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, mockFetch, renderPage, type Call } from '../test/utils.js';
import Dashboard from './Dashboard.js';
import Verification from './Verification.js';
import VerificationRequest from './VerificationRequest.js';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const owner = {
  id: 'o1',
  name: 'Paul Owner',
  email: 'paul@example.cm',
  whatsapp: '677000002',
  role: 'landlord' as const,
  whatsappProvenAt: '2026-11-20T08:00:00.000Z',
  isVerified: true,
  identityCheckedAt: null,
};

const item = (o: Partial<AdminVerificationItem> = {}): AdminVerificationItem => ({
  id: 'v1',
  kind: 'control',
  documentType: 'utility-bill',
  status: 'pending',
  propertyIds: ['p1', 'p2'],
  mandateOwnerName: null,
  mandateOwnerWhatsapp: null,
  files: [
    { id: 'f1', size: 120_000 },
    { id: 'f2', size: 98_000 },
  ],
  reason: null,
  note: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  decidedAt: null,
  filesDeletedAt: null,
  owner,
  ...o,
});

const detail = (o: Partial<AdminVerificationDetail> = {}): AdminVerificationDetail => ({
  ...item(),
  listings: [
    { id: 'p3', title: 'Shop in Mile 17', town: 'Buea', neighbourhood: 'Mile 17', status: 'available', controlKind: null },
    { id: 'p1', title: 'Studio in Molyko', town: 'Buea', neighbourhood: 'Molyko', status: 'available', controlKind: null },
    { id: 'p2', title: 'Flat in Bonduma', town: 'Buea', neighbourhood: 'Bonduma', status: 'rented', controlKind: 'owner' },
  ],
  ...o,
});

describe('Verification queue', () => {
  it('shows pending requests with the count, pages, and switches to rejected ones (in the address too)', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(({ path, query }) => {
      if (path !== '/api/admin/verification') return undefined;
      const page = Number(query.get('page'));
      if (query.get('status') === 'rejected') {
        return { body: { requests: [item({ id: 'v9', status: 'rejected', reason: 'expired', decidedAt: '2026-11-26T10:00:00.000Z' })], total: 1, page: 1, totalPages: 1 } };
      }
      const rows = page === 1 ? [item(), item({ id: 'v2', kind: 'identity', documentType: 'passport', propertyIds: [] })] : [item({ id: 'v3', owner: { ...owner, name: 'Carla Caretaker' } })];
      return { body: { requests: rows, total: 21, page, totalPages: 2 } };
    });
    const { router } = renderPage(<Verification />, { path: '/verification' });
    const first = await screen.findByTestId('verification-row-v1');
    expect(screen.getByRole('heading', { level: 1, name: 'Verification' })).toBeInTheDocument();
    expect(screen.getByTestId('verification-count')).toHaveTextContent('21 requests');
    expect(screen.getByRole('button', { name: 'Pending' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(first).getByTestId('document')).toHaveTextContent('Proof of controlENEO or CAMWATER billCovers 2 properties');
    expect(within(screen.getByTestId('verification-row-v2')).getByTestId('document')).toHaveTextContent('IdentityPassport');
    expect(within(first).getByRole('link', { name: 'Paul Owner' }).getAttribute('href')).toBe('/verification/v1');
    expect(calls[0].query.get('status')).toBe('pending');
    expect(calls[0].query.get('page')).toBe('1');

    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Carla Caretaker')).toBeInTheDocument();
    expect(screen.getByTestId('pagination-text')).toHaveTextContent('Page 2 of 2');
    expect(calls.at(-1)!.query.get('page')).toBe('2');

    await u.click(screen.getByRole('button', { name: 'Rejected' }));
    const rejected = await screen.findByTestId('verification-row-v9');
    expect(within(rejected).getByTestId('status')).toHaveTextContent(`Rejected${MESSAGES.verification.reasons.expired}`);
    expect(calls.at(-1)!.query.get('status')).toBe('rejected');
    expect(calls.at(-1)!.query.get('page')).toBe('1');
    expect(screen.getByTestId('verification-count')).toHaveTextContent('1 request');
    expect(router.state.location.search).toBe('?status=rejected');
  });

  it('says when nothing waits', async () => {
    mockFetch(() => ({ body: { requests: [], total: 0, page: 1, totalPages: 1 } }));
    renderPage(<Verification />, { path: '/verification' });
    expect(await screen.findByText('No requests here.')).toBeInTheDocument();
    expect(screen.getByTestId('verification-count')).toHaveTextContent('0 requests');
  });
});

/** One request the server keeps: a decision changes it (a second one is refused with 409). */
function server(start: AdminVerificationDetail = detail()) {
  const state = { r: start };
  const mock = mockFetch((call: Call) => {
    if (call.method === 'GET' && call.path === '/api/admin/verification/v1') return { body: state.r };
    if (call.path === '/api/admin/verification') return { body: { requests: [], total: 0, page: 1, totalPages: 1 } };
    const decision = /^\/api\/admin\/verification\/v1\/(approve|reject)$/.exec(call.path)?.[1];
    if (!decision) return undefined;
    if (state.r.status !== 'pending') return { status: 409, body: { message: MESSAGES.verification.alreadyDecided } };
    state.r = {
      ...state.r,
      status: decision === 'approve' ? 'approved' : 'rejected',
      reason: decision === 'reject' ? call.body.reason : null,
      note: decision === 'reject' ? (call.body.note ?? null) : null,
      decidedAt: '2026-11-27T10:00:00.000Z',
    };
    return { body: state.r };
  });
  const rendered = renderPage(<VerificationRequest />, {
    path: '/verification/v1',
    route: '/verification/:id',
    extraRoutes: [{ path: '/verification', element: <p>the queue</p> }],
  });
  return { ...mock, ...rendered, state };
}
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('A verification request', () => {
  it('shows the document photos beside the account and its listings, the covered ones marked', async () => {
    server();
    const photos = await screen.findAllByRole('img', { name: /Photo \d of the document/ });
    expect(photos.map((img) => img.getAttribute('src'))).toEqual(['/api/admin/verification/v1/files/f1', '/api/admin/verification/v1/files/f2']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Proof of control: Paul Owner');
    const account = screen.getByTestId('verification-account');
    expect(account).toHaveTextContent('paul@example.cm');
    expect(account).toHaveTextContent('677000002 · Confirmed with a code 20 Nov 2026');
    expect(account).toHaveTextContent('Landlord');
    expect(account).toHaveTextContent('IdentityNot checked');
    // Covered listings first, marked; the other one is not.
    const rows = screen.getAllByTestId(/^listing-/);
    expect(rows.map((r) => r.dataset.testid)).toEqual(['listing-p1', 'listing-p2', 'listing-p3']);
    expect(within(rows[0]).getByText('Covered by this proof')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Control checked (owner)')).toBeInTheDocument();
    expect(within(rows[2]).queryByText('Covered by this proof')).toBeNull();
    expect(rows[2].classList.contains('covered')).toBe(false);
  });

  it("shows a caretaker's mandate with the owner who signed it, and the number not confirmed", async () => {
    server(
      detail({
        documentType: 'caretaker-mandate',
        mandateOwnerName: 'Mama Ngwa',
        mandateOwnerWhatsapp: '699123456',
        owner: { ...owner, role: 'caretaker', whatsappProvenAt: null, identityCheckedAt: '2026-11-10T08:00:00.000Z' },
      }),
    );
    expect(await screen.findByTestId('mandate-owner')).toHaveTextContent('Mama Ngwa · 699123456');
    const account = screen.getByTestId('verification-account');
    expect(account).toHaveTextContent('677000002 · Not confirmed');
    expect(account).toHaveTextContent('Checked 10 Nov 2026');
  });

  it('refuses to reject without a reason, and "other" without a note; then sends the reason and note and goes back to the queue', async () => {
    const u = userEvent.setup();
    const { calls, router } = server();
    await u.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.verification.reasonRequired);
    await u.selectOptions(screen.getByLabelText('Reason'), MESSAGES.verification.reasons.other);
    await u.type(screen.getByLabelText('Note to the owner'), '   ');
    await u.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.verification.noteRequired);
    expect(posts(calls)).toHaveLength(0);

    await u.selectOptions(screen.getByLabelText('Reason'), MESSAGES.verification.reasons['name-mismatch']);
    await u.clear(screen.getByLabelText('Note to the owner'));
    await u.type(screen.getByLabelText('Note to the owner'), 'The bill is in your brother’s name.');
    await u.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('the queue')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verification');
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/verification/v1/reject', { reason: 'name-mismatch', note: 'The bill is in your brother’s name.' }],
    ]);
    expect([...document.querySelectorAll('.toast span')].map((el) => el.textContent)).toContain('Request rejected. The owner sees the reason.');
  });

  it('approves with nothing else to say, back to the queue', async () => {
    const u = userEvent.setup();
    const { calls, state } = server();
    await u.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('the queue')).toBeInTheDocument();
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([['/api/admin/verification/v1/approve', undefined]]);
    expect(state.r.status).toBe('approved');
  });

  it('when someone decided first, says so and shows their decision', async () => {
    const u = userEvent.setup();
    const { state } = server();
    await screen.findByRole('button', { name: 'Approve' });
    state.r = { ...state.r, status: 'rejected', reason: 'unreadable', note: null, decidedAt: '2026-11-27T09:00:00.000Z' };
    await u.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.verification.alreadyDecided);
    expect(await screen.findByTestId('decided')).toHaveTextContent(MESSAGES.verification.reasons.unreadable);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByText('the queue')).toBeNull();
  });

  it('in French, the reasons are the ones the owner reads', async () => {
    await i18n.changeLanguage('fr');
    server();
    const select = await screen.findByLabelText('Motif');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choisissez un motif',
      ...Object.values(MESSAGES_FR.verification.reasons),
    ]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Preuve de contrôle : Paul Owner');
  });
});

describe('The dashboard', () => {
  it('counts the documents waiting to be checked and leads to the queue', async () => {
    mockFetch(({ path }) =>
      path === '/api/admin/stats'
        ? {
            body: {
              users: { total: 40, latest: [] },
              properties: { total: 12, latest: [] },
              requests: { searchingCount: 3 },
              support: { pendingCount: 1 },
              actions: [],
              verificationPending: 7,
            },
          }
        : undefined,
    );
    renderPage(<Dashboard />, { path: '/' });
    const link = await screen.findByRole('link', { name: /Documents to check/ });
    expect(link).toHaveTextContent('7Documents to check');
    expect(link.getAttribute('href')).toBe('/verification');
  });
});
