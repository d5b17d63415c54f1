import { LIMITS, MESSAGES, MESSAGES_FR, type MyVerificationReply, type VerificationRequestView } from '@mboa/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, mockFetch, property, renderApp, user, type Call } from '../test/utils.js';
import VerificationPage from './VerificationPage.js';

/** The gateway's answer to the upload, as XMLHttpRequest hands it over (uploads use XHR for their progress). */
class FakeUpload {
  static sent: { url: string; form: FormData }[] = [];
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  send(form: FormData) {
    FakeUpload.sent.push({ url: this.url, form });
    setTimeout(() => {
      this.status = FakeUpload.answer.status;
      this.responseText = JSON.stringify(FakeUpload.answer.body);
      this.onload?.();
    }, 0);
  }
}

afterEach(async () => {
  // The page leaves before the language goes back to English (else its profile would follow it).
  cleanup();
  vi.unstubAllGlobals();
  FakeUpload.sent = [];
  FakeUpload.answer = { status: 201, body: {} };
  await i18n.changeLanguage('en');
});

const STUDIO = '7b0c5a52-4d1e-4c55-9a3c-0c6f1f0e0a01';
const FLAT = '7b0c5a52-4d1e-4c55-9a3c-0c6f1f0e0a02';
const SHOP = '7b0c5a52-4d1e-4c55-9a3c-0c6f1f0e0a03';
const listings = [
  property({ id: STUDIO, _id: STUDIO, title: 'Studio in Molyko' }),
  property({ id: FLAT, _id: FLAT, title: 'Flat in Bonduma', neighbourhood: 'Bonduma' }),
  // Checked from an earlier proof.
  property({ id: SHOP, _id: SHOP, title: 'Shop in Mile 17', neighbourhood: 'Mile 17', checks: { numberConfirmed: true, identityChecked: false, control: 'owner' } }),
];

const request = (o: Partial<VerificationRequestView> = {}): VerificationRequestView => ({
  id: 'r1',
  kind: 'identity',
  documentType: 'national-id',
  status: 'pending',
  propertyIds: [],
  mandateOwnerName: null,
  mandateOwnerWhatsapp: null,
  files: [{ id: 'f1', size: 120_000 }],
  reason: null,
  note: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  decidedAt: null,
  filesDeletedAt: null,
  ...o,
});

/** The owner's standing and listings as the server has them; an upload adds a pending request. */
function owner(reply: MyVerificationReply, role: 'landlord' | 'caretaker' = 'landlord') {
  const state = { reply };
  const mock = mockFetch((call: Call) => {
    if (call.path === '/api/me/verification') return { body: state.reply };
    if (call.path === '/api/property/my-listings') return { body: { data: listings, meta: { total: listings.length, page: 1, totalPages: 1 } } };
    return undefined;
  });
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  renderApp(<VerificationPage />, { path: '/verification', signedIn: user({ role, isVerified: true }) });
  return { ...mock, state };
}

const photo = (name: string, type = 'image/jpeg', bytes = 4) => new File([new Uint8Array(bytes)], name, { type });
const section = (name: string) => screen.getByRole('region', { name });
const pick = (region: HTMLElement, files: File[]) => fireEvent.change(within(region).getByLabelText('Take or choose a photo'), { target: { files } });
const send = (region: HTMLElement) => fireEvent.click(within(region).getByRole('button', { name: 'Send for checking' }));
const alertIn = (region: HTMLElement) => within(region).getByRole('alert');

describe('the owner’s verification page', () => {
  it('sends renters away, asking nothing of the server', async () => {
    const { calls } = mockFetch(() => undefined);
    renderApp(<VerificationPage />, { path: '/verification', signedIn: user({ role: 'renter' }) });
    expect(screen.getByRole('heading', { name: 'For landlords and caretakers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for checking' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/me/verification')).toEqual([]);
  });

  it('says why, that the files are private and deleted, and where each request stands', async () => {
    owner({
      identity: 'pending',
      requests: [
        request({ id: 'r2', kind: 'control', documentType: 'utility-bill', status: 'approved', propertyIds: [FLAT], decidedAt: '2026-11-22T09:00:00.000Z' }),
        request({ id: 'r1' }),
      ],
    });
    expect(await screen.findByTestId('identity-status')).toHaveTextContent('Waiting for our team');
    expect(screen.getByText(/your listings say “Identity checked”/)).toBeInTheDocument();
    expect(screen.getByText(`Your documents stay private: only our team sees them, to check them. The photos are deleted ${LIMITS.verification.filesKeptDays} days after our decision; we keep only the decision.`)).toBeInTheDocument();
    // Identity waits for staff: no second identity form.
    expect(within(section('Your identity')).queryByRole('button', { name: 'Send for checking' })).toBeNull();

    const approved = screen.getByTestId('request-r2');
    expect(approved).toHaveTextContent('Proof of control · ENEO or CAMWATER bill');
    expect(approved).toHaveTextContent('Checked');
    expect(approved).toHaveTextContent('Covers 1 property: Flat in Bonduma');
    expect(screen.getByTestId('request-r1')).toHaveTextContent('Identity · National identity card');
    expect(screen.getByTestId('request-r1')).toHaveTextContent('Waiting for our team');

    // The control form lists the owner's properties, the one already checked marked.
    const control = section('Proof that you control a property');
    const flat = await within(control).findByRole('checkbox', { name: /Flat in Bonduma/ });
    expect(flat.closest('label')).toHaveTextContent('Control checked');
    expect(within(control).getByRole('checkbox', { name: /Shop in Mile 17/ }).closest('label')).toHaveTextContent('Control checked');
    expect(within(control).getByRole('checkbox', { name: /Studio in Molyko/ }).closest('label')).not.toHaveTextContent('Control checked');
    expect(within(control).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(within(control).getByLabelText('Type of document')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose the document',
      'ENEO or CAMWATER bill',
      'Title deed',
      'Lease',
    ]);
  });

  it('checks the type and the photos before sending anything', async () => {
    owner({ identity: 'none', requests: [] });
    expect(await screen.findByTestId('identity-status')).toHaveTextContent('Not sent yet');
    const identity = section('Your identity');
    send(identity);
    expect(alertIn(identity)).toHaveTextContent(MESSAGES.verification.documentTypeInvalid);

    fireEvent.change(within(identity).getByLabelText('Type of document'), { target: { value: 'passport' } });
    send(identity);
    expect(alertIn(identity)).toHaveTextContent(MESSAGES.verification.filesRequired);

    pick(identity, [photo('passport.pdf', 'application/pdf')]);
    send(identity);
    expect(alertIn(identity)).toHaveTextContent(MESSAGES.property.imageTypeNotAllowed);
    fireEvent.click(within(identity).getByRole('button', { name: 'Remove passport.pdf' }));

    pick(identity, [photo('big.jpg', 'image/jpeg', LIMITS.images.maxBytes + 1)]);
    send(identity);
    expect(alertIn(identity)).toHaveTextContent(MESSAGES.property.imageTooLarge);
    fireEvent.click(within(identity).getByRole('button', { name: 'Remove big.jpg' }));

    pick(identity, Array.from({ length: LIMITS.verification.maxFiles + 1 }, (_, i) => photo(`page-${i}.jpg`)));
    send(identity);
    expect(alertIn(identity)).toHaveTextContent(MESSAGES.verification.tooManyFiles);

    // A proof of control needs its properties.
    const control = section('Proof that you control a property');
    await within(control).findAllByRole('checkbox');
    fireEvent.change(within(control).getByLabelText('Type of document'), { target: { value: 'lease' } });
    pick(control, [photo('lease.jpg')]);
    send(control);
    expect(alertIn(control)).toHaveTextContent(MESSAGES.verification.propertiesRequired);

    expect(FakeUpload.sent).toEqual([]);
  });

  it('sends an identity document as multipart fields and photos, then shows it waiting', async () => {
    const { state } = owner({ identity: 'none', requests: [] });
    FakeUpload.answer = { status: 201, body: request() };
    const identity = await screen.findByRole('region', { name: 'Your identity' });
    fireEvent.change(within(identity).getByLabelText('Type of document'), { target: { value: 'national-id' } });
    pick(identity, [photo('front.jpg'), photo('back.png', 'image/png')]);
    state.reply = { identity: 'pending', requests: [request()] };
    send(identity);
    expect(await screen.findByText('Sent. Our team will check it soon and tell you the result by e-mail.')).toBeInTheDocument();
    expect(FakeUpload.sent).toHaveLength(1);
    const { url, form } = FakeUpload.sent[0];
    expect(url).toBe('/api/me/verification');
    expect([...form.keys()]).toEqual(['kind', 'documentType', 'files', 'files']);
    expect(form.get('kind')).toBe('identity');
    expect(form.get('documentType')).toBe('national-id');
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['front.jpg', 'back.png']);
    await waitFor(() => expect(screen.getByTestId('identity-status')).toHaveTextContent('Waiting for our team'));
  });

  it("sends a landlord's proof with the properties it covers, each as its own field", async () => {
    owner({ identity: 'approved', requests: [] });
    FakeUpload.answer = { status: 201, body: request({ kind: 'control', documentType: 'utility-bill', propertyIds: [STUDIO, SHOP] }) };
    const control = await screen.findByRole('region', { name: 'Proof that you control a property' });
    fireEvent.click(await within(control).findByRole('checkbox', { name: /Studio in Molyko/ }));
    fireEvent.click(within(control).getByRole('checkbox', { name: /Shop in Mile 17/ }));
    fireEvent.change(within(control).getByLabelText('Type of document'), { target: { value: 'utility-bill' } });
    pick(control, [photo('eneo.jpg')]);
    send(control);
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const { form } = FakeUpload.sent[0];
    expect(form.get('kind')).toBe('control');
    expect(form.get('documentType')).toBe('utility-bill');
    expect(form.getAll('propertyIds')).toEqual([STUDIO, SHOP]);
    expect(form.has('mandateOwnerName')).toBe(false);
  });

  it("asks a caretaker for the owner's signed mandate, with the owner's name and number", async () => {
    owner({ identity: 'approved', requests: [] }, 'caretaker');
    const control = await screen.findByRole('region', { name: 'Proof that you control a property' });
    expect(within(within(control).getByLabelText('Type of document')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Mandate signed by the owner']);
    fireEvent.click(await within(control).findByRole('checkbox', { name: /Flat in Bonduma/ }));
    pick(control, [photo('mandate.jpg')]);
    send(control);
    expect(alertIn(control)).toHaveTextContent(MESSAGES.verification.mandateOwnerNameRequired);
    fireEvent.change(within(control).getByLabelText('Owner’s full name'), { target: { value: 'Mama Ngwa' } });
    fireEvent.change(within(control).getByLabelText('Owner’s WhatsApp number'), { target: { value: '6991' } });
    send(control);
    expect(alertIn(control)).toHaveTextContent(MESSAGES.auth.whatsappExactDigits);
    fireEvent.change(within(control).getByLabelText('Owner’s WhatsApp number'), { target: { value: '699 123 456' } });
    send(control);
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    const { form } = FakeUpload.sent[0];
    expect(form.get('documentType')).toBe('caretaker-mandate');
    expect(form.getAll('propertyIds')).toEqual([FLAT]);
    expect(form.get('mandateOwnerName')).toBe('Mama Ngwa');
    expect(form.get('mandateOwnerWhatsapp')).toBe('699123456');
  });

  it("shows the server's refusal in its own words", async () => {
    owner({ identity: 'none', requests: [] });
    FakeUpload.answer = { status: 409, body: { message: MESSAGES.verification.alreadyPending } };
    const identity = await screen.findByRole('region', { name: 'Your identity' });
    fireEvent.change(within(identity).getByLabelText('Type of document'), { target: { value: 'passport' } });
    pick(identity, [photo('passport.jpg')]);
    send(identity);
    expect(await within(identity).findByRole('alert')).toHaveTextContent(MESSAGES.verification.alreadyPending);
  });

  it('in French, says why an identity document was refused and offers to send another', async () => {
    await i18n.changeLanguage('fr');
    owner({
      identity: 'rejected',
      requests: [
        request({ status: 'rejected', reason: 'name-mismatch', note: 'Le nom sur la carte est celui de votre frère.', decidedAt: '2026-11-21T09:00:00.000Z' }),
      ],
    });
    expect(await screen.findByTestId('identity-status')).toHaveTextContent('Non acceptée');
    const identity = section('Votre identité');
    expect(within(identity).getByText(`Motif : ${MESSAGES_FR.verification.reasons['name-mismatch']}`)).toBeInTheDocument();
    expect(within(identity).getByText('Le nom sur la carte est celui de votre frère.')).toBeInTheDocument();
    expect(within(identity).getByRole('button', { name: 'Envoyer pour vérification' })).toBeInTheDocument();
    fireEvent.click(within(identity).getByRole('button', { name: 'Envoyer pour vérification' }));
    expect(within(identity).getByRole('alert')).toHaveTextContent(MESSAGES_FR.verification.documentTypeInvalid);
    expect(screen.getByTestId('request-r1')).toHaveTextContent('Non accepté');
  });
});
