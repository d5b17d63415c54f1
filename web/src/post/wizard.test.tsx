import { MESSAGES } from '@mboa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import PostProperty from '../pages/PostProperty.js';
import { property, renderApp, user } from '../test/utils.js';
import { buildFormData, canContinue, emptyForm, uploadName, type PostForm } from './wizard.js';

const landlord = user({ role: 'landlord', isVerified: true });

function form(patch: Partial<PostForm> = {}): PostForm {
  return { ...emptyForm(), ...patch };
}

describe('canContinue (when the wizard lets you go on)', () => {
  it('step 1 needs category and property type', () => {
    expect(canContinue(1, form())).toBe(false);
    expect(canContinue(1, form({ category: 'residential' }))).toBe(false);
    expect(canContinue(1, form({ category: 'residential', propertyType: 'studio' }))).toBe(true);
  });
  it('step 2 needs country, town and neighbourhood', () => {
    const base = emptyForm();
    expect(canContinue(2, base)).toBe(false);
    expect(canContinue(2, { ...base, location: { country: 'Cameroon', town: 'Buea', neighbourhood: '', pin: null, landmark: '' } })).toBe(false);
    expect(canContinue(2, { ...base, location: { country: '', town: 'Buea', neighbourhood: 'Molyko', pin: null, landmark: '' } })).toBe(false);
    expect(canContinue(2, { ...base, location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko', pin: null, landmark: '' } })).toBe(true);
  });
  it('step 3 needs bedrooms, toilets and size for residential; sections and size for commercial', () => {
    const specs = emptyForm().specifications;
    expect(canContinue(3, form())).toBe(false);
    expect(canContinue(3, form({ category: 'residential', specifications: { ...specs, bedrooms: '2', toilets: '1' } }))).toBe(false);
    expect(canContinue(3, form({ category: 'residential', specifications: { ...specs, bedrooms: '2', toilets: '1', size: '40' } }))).toBe(true);
    expect(canContinue(3, form({ category: 'residential', specifications: { ...specs, bedrooms: '0', toilets: '0', size: '0' } }))).toBe(true);
    expect(canContinue(3, form({ category: 'commercial', specifications: { ...specs, size: '40' } }))).toBe(false);
    expect(canContinue(3, form({ category: 'commercial', specifications: { ...specs, sections: '2', size: '40' } }))).toBe(true);
  });
  it('step 4 needs title and description; step 5 price and payment term; steps 6-8 always pass', () => {
    expect(canContinue(4, form({ title: 'A' }))).toBe(false);
    expect(canContinue(4, form({ title: 'A', description: 'B' }))).toBe(true);
    expect(canContinue(4, form({ title: '  ', description: 'B' }))).toBe(false);
    expect(canContinue(5, form({ price: '1000' }))).toBe(false);
    expect(canContinue(5, form({ price: '1000', paymentTerm: 'monthly' }))).toBe(true);
    for (const step of [6, 7, 8]) expect(canContinue(step, form())).toBe(true);
  });
});

describe('buildFormData', () => {
  it('uses the API field names, a JSON amenity list and timestamped image names', () => {
    const file = new File(['x'], 'room.webp', { type: 'image/webp' });
    const f = form({
      category: 'residential',
      propertyType: 'studio',
      title: 'Studio',
      description: 'Nice',
      price: '35000',
      paymentTerm: 'monthly',
      caution: '70000',
      location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko', pin: null, landmark: '' },
      specifications: { ...emptyForm().specifications, bedrooms: '1', toilets: '1', size: '20.5', sections: '9' },
      amenities: ['water', 'gym'],
      images: [{ id: 'a', file, previewUrl: 'blob:a', originalName: 'room.webp' }],
      userId: 'someone',
    });
    const data = buildFormData(f, { isAdmin: false, now: 1700000000000 });
    expect(data.get('location[town]')).toBe('Buea');
    expect(data.get('specifications[size]')).toBe('20.5');
    // Sections belong to commercial properties only.
    expect(data.has('specifications[sections]')).toBe(false);
    expect(data.get('amenities')).toBe('["water","gym"]');
    expect((data.get('propertyImages') as File).name).toBe('1700000000000-0-room.webp');
    expect(data.has('userId')).toBe(false);
    const asAdmin = buildFormData(f, { isAdmin: true });
    expect(asAdmin.get('userId')).toBe('someone');
    // Every detail comes before the photos: the server refuses a field sent after a photo.
    const names = [...asAdmin.keys()];
    expect(names.slice(names.indexOf('propertyImages'))).toEqual(['propertyImages']);
    expect(uploadName(3, 'a.jpg', 5)).toBe('5-3-a.jpg');
    // No pin, no landmark: neither is sent.
    expect(names.some((n) => n.startsWith('location[pin]') || n === 'location[landmark]')).toBe(false);
  });

  it('sends the pin as both coordinates and the landmark when given', () => {
    const f = form({ location: { country: 'Cameroon', town: 'Buea', neighbourhood: 'Molyko', pin: { lat: 4.148, lng: 9.287 }, landmark: '  Behind the Total station ' } });
    const data = buildFormData(f, { isAdmin: false });
    expect(data.get('location[pin][lat]')).toBe('4.148');
    expect(data.get('location[pin][lng]')).toBe('9.287');
    expect(data.get('location[landmark]')).toBe('Behind the Total station');
  });
});

describe('Post property wizard', () => {
  it('keeps Continue disabled until each step is complete, and Back disabled on step 1', async () => {
    const u = userEvent.setup();
    renderApp(<PostProperty />, { path: '/post-property', signedIn: landlord });
    const next = () => screen.getByRole('button', { name: 'Continue' });

    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(next()).toBeDisabled();
    await u.click(screen.getByLabelText('Residential'));
    expect(next()).toBeDisabled();
    await u.selectOptions(screen.getByLabelText(/Property type/), 'studio');
    expect(next()).toBeEnabled();
    await u.click(next());

    expect(screen.getByText('Step 2 of 8')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    await u.type(screen.getByRole('combobox'), 'bue');
    await u.click(screen.getByRole('option', { name: 'Buea' }));
    expect(next()).toBeDisabled();
    await u.type(screen.getByLabelText(/Neighbourhood/), 'Molyko');
    expect(next()).toBeEnabled();
    await u.click(next());

    expect(next()).toBeDisabled();
    await u.type(screen.getByLabelText(/Bedrooms/), '2');
    await u.type(screen.getByLabelText(/Toilets/), '1');
    expect(next()).toBeDisabled();
    await u.type(screen.getByLabelText(/Size/), '45.5');
    expect(next()).toBeEnabled();
    await u.click(next());

    expect(next()).toBeDisabled();
    await u.type(screen.getByLabelText(/Title/), 'Two-bedroom flat');
    expect(next()).toBeDisabled();
    await u.type(screen.getByLabelText(/Description/), 'Quiet area');
    expect(screen.getByText('10/2000')).toBeInTheDocument();
    await u.click(next());

    expect(next()).toBeDisabled();
    await u.type(screen.getByLabelText(/Price/), '50000');
    expect(next()).toBeDisabled();
    await u.selectOptions(screen.getByLabelText(/Payment term/), 'monthly');
    await u.type(screen.getByLabelText(/Caution/), '100000');
    await u.click(next());

    // Amenities and media always pass.
    expect(next()).toBeEnabled();
    await u.click(next());
    expect(next()).toBeEnabled();
    await u.click(next());

    // Preview: monthly price, Total Initial Payment = caution + price.
    expect(screen.getByRole('button', { name: 'Post Property' })).toBeEnabled();
    expect(screen.getByTestId('summary-price')).toHaveTextContent('50,000 FCFA/month');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('150,000 FCFA');
  });

  it('lets the sidebar open only steps whose earlier steps pass', () => {
    renderApp(<PostProperty />, { path: '/post-property', signedIn: landlord });
    // Sidebar steps past the first blocked one cannot be opened.
    const steps = within(screen.getByRole('navigation', { name: 'Steps' }));
    expect(steps.getByRole('button', { name: /Details/ })).toBeDisabled();
    expect(steps.getByRole('button', { name: /Category/ })).toBeEnabled();
  });

  it('shows Posting Not Allowed to renters and Verification Required to unverified owners', () => {
    const { unmount } = renderApp(<PostProperty />, { path: '/post-property', signedIn: user({ role: 'renter' }) });
    expect(screen.getByRole('heading', { name: MESSAGES.ui.postingNotAllowed })).toBeInTheDocument();
    unmount();
    renderApp(<PostProperty />, { path: '/post-property', signedIn: user({ role: 'caretaker', isVerified: false }) });
    expect(screen.getByRole('heading', { name: MESSAGES.ui.verificationRequired })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.ui.verificationRequiredText)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /WhatsApp/ });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/237\d{9}\?text=Verify%20me$/);
  });

  it('prefills the admin user ID from navigation state', () => {
    renderApp(<PostProperty />, { path: '/post-property', state: { userId: 'user-42' }, signedIn: user({ role: 'admin' }) });
    expect(screen.getByLabelText(/on behalf/)).toHaveValue('user-42');
  });

  it('keeps property() fixtures valid', () => {
    expect(property().paymentTerms).toBe('monthly');
  });
});
