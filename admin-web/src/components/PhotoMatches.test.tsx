import { MESSAGES, type PhotoMatch } from '@mboa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import PropertyReview from '../pages/PropertyReview.js';
import { i18n, mockFetch, property, renderPage, type Call } from '../test/utils.js';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const match = (o: Partial<PhotoMatch> = {}): PhotoMatch => ({
  imageUrl: '/media/properties/p1/a-large.webp',
  matchedPropertyId: 'p0',
  matchedPropertyTitle: 'Studio in Molyko',
  matchedImageUrl: '/media/properties/p0/x-large.webp',
  distance: 0,
  ...o,
});
const matches = [
  match(),
  match({ imageUrl: '/media/properties/p1/b-large.webp', matchedImageUrl: '/media/properties/p0/y-large.webp', distance: 3 }),
  match({ imageUrl: '/media/properties/p1/b-large.webp', matchedPropertyId: 'p9', matchedPropertyTitle: 'Flat in Bonamoussadi', matchedImageUrl: '/media/properties/p9/z-large.webp', distance: 6 }),
];

/** The review screen of p1, whose admin read carries `photoMatches`; approving works as the server does. */
function review(photoMatches: PhotoMatch[]) {
  const state = { p: { ...property(), photoMatches } };
  const mock = mockFetch(({ method, path }) => {
    if (method === 'GET' && path === '/api/admin/properties/p1') return { body: { property: state.p } };
    if (method === 'POST' && path === '/api/admin/properties/p1/review') {
      state.p = { ...state.p, isVerified: true, review: { state: 'approved', feedback: '' } };
      return { body: { message: MESSAGES.property.approved } };
    }
    return undefined;
  });
  renderPage(<PropertyReview />, { path: '/property-review/p1', route: '/property-review/:id' });
  return mock;
}
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('Reused photos on the review screen', () => {
  it('shows each pair side by side, this listing first, with a link to the other listing’s review', async () => {
    review(matches);
    const panel = await screen.findByTestId('photo-matches');
    expect(within(panel).getByRole('heading', { name: 'Reused photos' })).toBeInTheDocument();
    const pairs = within(panel).getAllByRole('listitem');
    expect(pairs).toHaveLength(3);
    expect(pairs[0]).toHaveTextContent('This photo also appears in Studio in Molyko');
    expect(pairs[0]).toHaveTextContent('Identical picture');
    expect(pairs[1]).toHaveTextContent('Nearly identical (3 of 64 bits differ)');
    expect(within(pairs[2]).getByRole('link', { name: 'Flat in Bonamoussadi' }).getAttribute('href')).toBe('/property-review/p9');
    const images = within(pairs[1]).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Photo of this listing', 'Photo of “Studio in Molyko”']);
    // Each photo in its own variant: the small file for a phone, the large one in the srcset.
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['/media/properties/p1/b-thumb.webp', '/media/properties/p0/y-thumb.webp']);
    expect(images[1].getAttribute('srcset')).toContain('/media/properties/p0/y-large.webp');
  });

  it('shows no panel and approves at once when no photo matches', async () => {
    const u = userEvent.setup();
    const { calls } = review([]);
    await u.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(MESSAGES.property.approved)).toBeInTheDocument();
    expect(screen.queryByTestId('photo-matches')).toBeNull();
    expect(posts(calls)).toHaveLength(1);
  });

  it('asks before approving, naming each other listing once; Cancel sends nothing, confirming approves', async () => {
    const u = userEvent.setup();
    const { calls } = review(matches);
    await u.click(await screen.findByRole('button', { name: 'Approve' }));
    let dialog = screen.getByRole('dialog', { name: 'Approve despite reused photos?' });
    expect(dialog).toHaveTextContent('2 photos of this listing also appear in:');
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Studio in Molyko', 'Flat in Bonamoussadi']);
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(calls)).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Approve' }));
    dialog = screen.getByRole('dialog', { name: 'Approve despite reused photos?' });
    await u.click(within(dialog).getByRole('button', { name: 'Approve anyway' }));
    expect(await screen.findByText(MESSAGES.property.approved)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('already-verified')).toBeInTheDocument());
    expect(posts(calls).map((c) => c.body)).toEqual([{ action: 'approve', feedback: '' }]);
  });

  it('reads in French, panel and confirmation', async () => {
    const u = userEvent.setup();
    await i18n.changeLanguage('fr');
    review([match()]);
    const panel = await screen.findByTestId('photo-matches');
    expect(within(panel).getByRole('heading', { name: 'Photos déjà utilisées' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Cette photo figure aussi dans Studio in Molyko');
    expect(panel).toHaveTextContent('Image identique');
    expect(within(panel).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Photo de cette annonce', 'Photo de “Studio in Molyko”']);
    await u.click(screen.getByRole('button', { name: 'Valider' }));
    const dialog = screen.getByRole('dialog', { name: 'Valider malgré les photos déjà utilisées ?' });
    expect(dialog).toHaveTextContent('Une photo de cette annonce figure aussi dans :');
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Studio in Molyko');
    expect(within(dialog).getByRole('button', { name: 'Valider quand même' })).toBeInTheDocument();
  });
});
