import { MESSAGES, type PropertyRequest, type SupportTicket } from '@mboa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, property, renderPage, user } from '../test/utils.js';
import Properties from './Properties.js';
import PropertyReview from './PropertyReview.js';
import Requests from './Requests.js';
import Support from './Support.js';
import Users from './Users.js';

/** Toast texts keep their historical double spaces, which getByText would collapse. */
const findToast = (text: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('.toast span')].find((el) => el.textContent === text);
    if (!found) throw new Error(`no toast "${text}"`);
    return found;
  });
const menuItems = () => screen.getAllByRole('menuitem').map((i) => i.textContent);

describe('Users', () => {
  it('pages with "Page X of Y" and Prev / Next, 10 a page', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(({ body }) => ({
      body: { users: [user({ _id: `u${body.payload.page}` })], total: 23, page: body.payload.page, totalPages: 3 },
    }));
    renderPage(<Users />, { path: '/users' });
    expect(await screen.findByTestId('pagination-text')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('pagination-text')).toHaveTextContent('Page 2 of 3'));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled());
    expect(calls.map((c) => c.body.payload)).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
      { page: 3, limit: 10 },
    ]);
  });

  it('searches by WhatsApp and filters, back on page 1', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(() => ({ body: { users: [user()], total: 1, page: 1, totalPages: 1 } }));
    renderPage(<Users />, { path: '/users' });
    await screen.findByText('Ada Nkem Fon');
    await u.selectOptions(screen.getByLabelText('Filter'), 'unverified');
    await u.type(screen.getByLabelText('Search by WhatsApp'), '674');
    await waitFor(() => expect(calls.at(-1)!.body.payload).toEqual({ page: 1, limit: 10, search: '674', filter: 'unverified' }));
  });

  it('offers Verify only to unverified users and takes the row from the server answer', async () => {
    const u = userEvent.setup();
    const landlord = user({ _id: 'l1', name: 'Lena Landlord', isVerified: false });
    const renter = user({ _id: 'r1', name: 'Rita Renter', role: 'renter', isVerified: true });
    const { calls } = mockFetch(({ body }) => {
      if (body.type === 'list') return { body: { users: [landlord, renter], total: 2, page: 1, totalPages: 1 } };
      if (body.type === 'verify') return { body: { message: MESSAGES.toast.userStatusUpdated, user: { ...landlord, isVerified: true } } };
      return undefined;
    });
    renderPage(<Users />, { path: '/users' });
    await u.click(await screen.findByRole('button', { name: 'Actions for Rita Renter' }));
    expect(menuItems()).toEqual(['Ban', 'Edit']);
    await u.click(screen.getByRole('button', { name: 'Actions for Lena Landlord' }));
    expect(menuItems()).toEqual(['Ban', 'Verify', 'Post on Behalf', 'Edit']);
    expect(screen.getByRole('menuitem', { name: 'Post on Behalf' }).getAttribute('href')).toBe('/post-property?userId=l1');
    await u.click(screen.getByRole('menuitem', { name: 'Verify' }));
    await findToast(MESSAGES.toast.userStatusUpdated);
    expect(within(screen.getByTestId('user-row-l1')).getByTestId('verified')).toHaveTextContent('Yes');
    expect(calls[1].body).toEqual({ type: 'verify', payload: { userId: 'l1' } });
  });

  it('on a refused ban, shows the failure toast and the state the server has', async () => {
    const u = userEvent.setup();
    let lists = 0;
    mockFetch(({ body }) => {
      if (body.type === 'list') {
        lists++;
        // Someone else banned her meanwhile: the reload shows it.
        return { body: { users: [user({ status: lists === 1 ? 'active' : 'banned' })], total: 1, page: 1, totalPages: 1 } };
      }
      return { status: 409, body: { message: MESSAGES.auth.userAlreadyBanned } };
    });
    renderPage(<Users />, { path: '/users' });
    await u.click(await screen.findByRole('button', { name: 'Actions for Ada Nkem Fon' }));
    await u.click(screen.getByRole('menuitem', { name: 'Ban' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.toast.userStatusUpdateFailed);
    await waitFor(() => expect(within(screen.getByTestId('user-row-u1')).getByText('Banned')).toBeInTheDocument());
    expect(lists).toBe(2);
  });

  it('edits name and WhatsApp for real, checking the 9 digits first', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(({ method }) => {
      if (method === 'PATCH') return { body: { message: MESSAGES.auth.userUpdated, user: user({ name: 'Ada N. Fon', whatsapp: '699000111' }) } };
      return { body: { users: [user()], total: 1, page: 1, totalPages: 1 } };
    });
    renderPage(<Users />, { path: '/users' });
    await u.click(await screen.findByRole('button', { name: 'Actions for Ada Nkem Fon' }));
    await u.click(screen.getByRole('menuitem', { name: 'Edit' }));
    // The dialog's code is downloaded when the edit starts.
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    await u.clear(within(dialog).getByLabelText('WhatsApp number'));
    await u.type(within(dialog).getByLabelText('WhatsApp number'), '69900');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGES.auth.whatsappExactDigits);
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await u.type(within(dialog).getByLabelText('WhatsApp number'), '0111');
    await u.clear(within(dialog).getByLabelText('Full name'));
    await u.type(within(dialog).getByLabelText('Full name'), 'Ada N. Fon');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.auth.userUpdated)).toBeInTheDocument();
    expect(screen.getByTestId('user-row-u1')).toHaveTextContent('Ada N. Fon');
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/api/admin/users/u1');
    expect(patch.body).toEqual({ name: 'Ada N. Fon', whatsapp: '699000111' });
  });
});

describe('Properties', () => {
  it('shows XAF prices, the menu per state, and applies the server answer', async () => {
    const u = userEvent.setup();
    const a = property({ _id: 'pa', title: 'Flat A', status: 'available', isVerified: true });
    const r = property({ _id: 'pr', title: 'Flat R', status: 'rented', isVerified: false, price: 1250000, paymentTerms: 'yearly', paymentTerm: 'yearly' });
    const { calls } = mockFetch(({ body }) => {
      if (body.type === 'list') return { body: { properties: [a, r], total: 2, page: 1, totalPages: 1 } };
      if (body.type === 'markRented') return { body: { message: 'ok', property: { ...a, status: 'rented' } } };
      return undefined;
    });
    renderPage(<Properties />, { path: '/properties' });
    expect(await screen.findByText('1,250,000 XAF/year')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Actions for Flat R' }));
    expect(menuItems()).toEqual(['Mark Available', 'Deactivate', 'Verify Property', 'Edit']);
    await u.click(screen.getByRole('button', { name: 'Actions for Flat A' }));
    expect(menuItems()).toEqual(['Mark Rented', 'Deactivate', 'Edit']);
    await u.click(screen.getByRole('menuitem', { name: 'Mark Rented' }));
    await findToast(MESSAGES.toast.adminPropertyStatusUpdated);
    expect(within(screen.getByTestId('property-row-pa')).getByTestId('status')).toHaveTextContent('Rented');
    expect(calls[1].body).toEqual({ type: 'markRented', payload: { propertyId: 'pa' } });
  });

  it('keeps the row as it was when the server refuses', async () => {
    const u = userEvent.setup();
    mockFetch(({ body }) =>
      body.type === 'list'
        ? { body: { properties: [property({ title: 'Flat A' })], total: 1, page: 1, totalPages: 1 } }
        : { status: 409, body: { message: MESSAGES.property.invalidTransition } },
    );
    renderPage(<Properties />, { path: '/properties' });
    await u.click(await screen.findByRole('button', { name: 'Actions for Flat A' }));
    await u.click(screen.getByRole('menuitem', { name: 'Deactivate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.toast.adminPropertyStatusUpdateFailed);
    expect(within(screen.getByTestId('property-row-p1')).getByTestId('status')).toHaveTextContent('Available');
  });

  it('edits price, payment term and caution, sending only what changed', async () => {
    const u = userEvent.setup();
    const flat = property({ title: 'Flat A' });
    const { calls } = mockFetch(({ method, body }) => {
      if (method === 'PATCH') return { body: { message: MESSAGES.property.updated, property: { ...flat, ...body, paymentTerms: body.paymentTerm } } };
      return { body: { properties: [flat], total: 1, page: 1, totalPages: 1 } };
    });
    renderPage(<Properties />, { path: '/properties' });
    await u.click(await screen.findByRole('button', { name: 'Actions for Flat A' }));
    await u.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit property' });
    expect(within(dialog).getByLabelText('Price (XAF)')).toHaveValue(35000);
    expect(within(dialog).getByLabelText('Caution (XAF)')).toHaveValue(70000);
    // An admin corrects a listing that exists: there is no empty 'choose a term' to fall back to.
    expect(within(within(dialog).getByLabelText('Payment term')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Daily',
      'Monthly',
      'Quarterly',
      'Yearly',
    ]);
    await u.clear(within(dialog).getByLabelText('Price (XAF)'));
    await u.type(within(dialog).getByLabelText('Price (XAF)'), '400000');
    await u.selectOptions(within(dialog).getByLabelText('Payment term'), 'yearly');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('400,000 XAF/year')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ price: 400000, paymentTerm: 'yearly' });
  });

  it("shows the server's refusal in the edit dialog and lets the admin save again; without a change it just closes", async () => {
    const u = userEvent.setup();
    const flat = property({ title: 'Flat A' });
    let refuse = true;
    const { calls } = mockFetch(({ method, body }) => {
      if (method !== 'PATCH') return { body: { properties: [flat], total: 1, page: 1, totalPages: 1 } };
      if (refuse) return { status: 400, body: { message: 'Invalid input', errors: ['Title is too short'] } };
      return { body: { message: MESSAGES.property.updated, property: { ...flat, ...body } } };
    });
    renderPage(<Properties />, { path: '/properties' });
    await u.click(await screen.findByRole('button', { name: 'Actions for Flat A' }));
    await u.click(screen.getByRole('menuitem', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit property' });
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Actions for Flat A' }));
    await u.click(screen.getByRole('menuitem', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit property' });
    await u.type(within(dialog).getByLabelText('Title'), ' B');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Title is too short');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    refuse = false;
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('property-row-p1')).toHaveTextContent('Flat A B'));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ title: 'Flat A B' }, { title: 'Flat A B' }]);
  });

  it('filters by status', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(() => ({ body: { properties: [], total: 0, page: 1, totalPages: 1 } }));
    renderPage(<Properties />, { path: '/properties' });
    await screen.findByText('No properties match.');
    await u.selectOptions(screen.getByLabelText('Status'), 'deactivated');
    await waitFor(() => expect(calls.at(-1)!.body.payload).toEqual({ page: 1, limit: 10, status: 'deactivated' }));
    expect(screen.getByTestId('pagination-text')).toHaveTextContent('Page 1 of 1');
  });
});

describe('Property review', () => {
  const review = (p = property()) => {
    const state = { p };
    const mock = mockFetch(({ method, path, body }) => {
      if (method === 'GET' && path === '/api/admin/properties/p1') return { body: { property: state.p } };
      if (path === '/api/admin/properties/p1/review') {
        if (body.action === 'reject' && !body.feedback.trim()) return { status: 400, body: { message: MESSAGES.property.rejectionReasonRequired } };
        state.p =
          body.action === 'approve'
            ? { ...state.p, isVerified: true, review: { state: 'approved', feedback: '' } }
            : { ...state.p, review: { state: 'rejected', feedback: body.feedback } };
        return { body: { message: body.action === 'approve' ? MESSAGES.property.approved : MESSAGES.property.rejected } };
      }
      return undefined;
    });
    renderPage(<PropertyReview />, { path: '/property-review/p1', route: '/property-review/:id' });
    return mock;
  };

  it('shows photos, details, specifications and the owner with a WhatsApp link', async () => {
    const u = userEvent.setup();
    review();
    expect(await screen.findByRole('heading', { name: 'Studio near UB junction' })).toBeInTheDocument();
    expect(screen.getAllByText('35,000 XAF/month').length).toBeGreaterThan(0);
    expect(screen.getByText('20 m²')).toBeInTheDocument();
    expect(screen.getByText('5 mins')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /WhatsApp the owner/ }).getAttribute('href')).toBe('https://wa.me/237677000002');
    await u.click(screen.getByRole('button', { name: 'Open photo 2' }));
    const box = screen.getByRole('dialog', { name: 'Photo 2 of 2' });
    await u.click(within(box).getByRole('button', { name: /Next photo/ }));
    expect(screen.getByRole('dialog', { name: 'Photo 1 of 2' })).toBeInTheDocument();
  });

  it('refuses to reject without a reason, then rejects, then approves', async () => {
    const u = userEvent.setup();
    const { calls } = review();
    await u.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.property.rejectionReasonRequired);
    await u.type(screen.getByLabelText('Rejection reason'), '   ');
    await u.click(screen.getByRole('button', { name: 'Reject' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await u.type(screen.getByLabelText('Rejection reason'), 'Photos are blurry');
    await u.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(MESSAGES.property.rejected)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ action: 'reject', feedback: 'Photos are blurry' });
    expect(await screen.findByText('Photos are blurry')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(MESSAGES.property.approved)).toBeInTheDocument();
    expect(await screen.findByTestId('already-verified')).toHaveTextContent(MESSAGES.property.alreadyVerified);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('says a verified property has already been verified, with no decision buttons', async () => {
    review(property({ isVerified: true }));
    expect(await screen.findByText(MESSAGES.property.alreadyVerified)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('says "Property not found" for an unknown id', async () => {
    mockFetch(() => ({ status: 404, body: { message: MESSAGES.property.notFound } }));
    renderPage(<PropertyReview />, { path: '/property-review/nope', route: '/property-review/:id' });
    expect(await screen.findByText(MESSAGES.property.notFound)).toBeInTheDocument();
  });
});

const request = (o: Partial<PropertyRequest> = {}): PropertyRequest => ({
  _id: 'q1',
  id: 'q1',
  requestText: 'Two-bedroom flat in Molyko under 60,000',
  whatsapp: '677111222',
  status: 'searching',
  createdAt: '2026-11-21T00:00:00.000Z',
  ...o,
});
const ticket = (o: Partial<SupportTicket> = {}): SupportTicket => ({
  _id: 't1',
  id: 't1',
  name: 'Tom',
  email: 'tom@example.cm',
  phone: null,
  subject: 'Cannot log in',
  message: 'Line one of my message.\nLine two, with every detail I typed, not cut short at all.',
  whatsapp: null,
  status: 'pending',
  createdAt: '2026-11-21T00:00:00.000Z',
  ...o,
});
const page = <T,>(data: T[]) => ({ success: true, data, pagination: { total: data.length, page: 1, limit: 10, totalPages: 1 } });

describe('Requests', () => {
  it('moves a request to any status but its current one, from the server answer', async () => {
    const u = userEvent.setup();
    const { calls } = mockFetch(({ body }) =>
      body.type === 'get'
        ? { body: page([request()]) }
        : { body: { success: true, message: 'ok', data: request({ status: body.payload.newStatus }) } },
    );
    renderPage(<Requests />, { path: '/requests' });
    await u.click(await screen.findByRole('button', { name: /Actions for/ }));
    expect(menuItems()).toEqual(['Move to Match Found', 'Move to Contacted']);
    await u.click(screen.getByRole('menuitem', { name: 'Move to Match Found' }));
    await findToast(MESSAGES.toast.requestStatusUpdated);
    expect(screen.getByTestId('status')).toHaveTextContent('Match Found');
    await u.click(screen.getByRole('button', { name: /Actions for/ }));
    expect(menuItems()).toEqual(['Move to Searching', 'Move to Contacted']);
    expect(calls[0].body).toEqual({ type: 'get', payload: { page: 1, limit: 10, status: 'all' } });
    expect(calls[1].body).toEqual({ type: 'update-status', payload: { requestId: 'q1', newStatus: 'match-found' } });
  });

  it('keeps the status the server has when the move fails', async () => {
    const u = userEvent.setup();
    mockFetch(({ body }) => (body.type === 'get' ? { body: page([request()]) } : { status: 500, body: { message: 'boom' } }));
    renderPage(<Requests />, { path: '/requests' });
    await u.click(await screen.findByRole('button', { name: /Actions for/ }));
    await u.click(screen.getByRole('menuitem', { name: 'Move to Contacted' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.toast.requestStatusUpdateError);
    expect(screen.getByTestId('status')).toHaveTextContent('Searching');
  });
});

describe('Support', () => {
  it('shows the full message and moves a ticket', async () => {
    const u = userEvent.setup();
    mockFetch(({ path, body }) => {
      expect(path).toBe('/api/admin/manage/support');
      return body.type === 'get'
        ? { body: page([ticket()]) }
        : { body: { success: true, message: 'ok', data: ticket({ status: body.payload.newStatus }) } };
    });
    renderPage(<Support />, { path: '/support' });
    expect((await screen.findByTestId('ticket-message')).textContent).toBe(ticket().message);
    await u.click(screen.getByRole('button', { name: 'Actions for Cannot log in' }));
    expect(menuItems()).toEqual(['Move to In Progress', 'Move to Completed']);
    await u.click(screen.getByRole('menuitem', { name: 'Move to Completed' }));
    await findToast(MESSAGES.toast.supportStatusUpdated);
    expect(screen.getByTestId('status')).toHaveTextContent('Completed');
  });

  it("says why the list failed and loads it again on 'Try again', filtered by status", async () => {
    const u = userEvent.setup();
    let fail = true;
    const { calls } = mockFetch(() => (fail ? { status: 503, body: { message: 'Support is resting' } } : { body: page([ticket({ status: 'in-progress' })]) }));
    renderPage(<Support />, { path: '/support' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Support is resting');
    expect(screen.queryByTestId('pagination-text')).toBeNull();
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('ticket-row-t1')).toHaveTextContent('In Progress');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('pagination-text')).toHaveTextContent('Page 1 of 1');
    await u.selectOptions(screen.getByLabelText('Status'), 'in-progress');
    await waitFor(() => expect(calls.at(-1)!.body.payload).toEqual({ page: 1, limit: 10, status: 'in-progress' }));
    expect(calls).toHaveLength(3);
  });
});
