import { MESSAGES, type PropertyRead } from '@mboa/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import PropertyReview from '../pages/PropertyReview.js';
import { mockFetch, property, renderPage } from '../test/utils.js';

const publicPhoto = { url: '/media/properties/p1/a-large.webp', alt: 'front', width: 800, height: 600 };
const heldPhoto = { url: '/media/properties/p1/b-large.webp', alt: 'added later', width: 800, height: 600, awaitingReview: true as const, id: 'img-b' };

/** The review screen of an approved p1 to which its owner added a photo; staff decide as the server does. */
function review() {
  const state: { p: PropertyRead } = { p: { ...property(), isVerified: true, propertyImages: [publicPhoto, heldPhoto] } };
  const mock = mockFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/admin/properties/p1') return { body: { property: { ...state.p, photoMatches: [] } } };
    if (method === 'POST' && path === '/api/admin/properties/p1/photos/review') {
      const refuse = (body as { action: string }).action === 'refuse';
      state.p = { ...state.p, propertyImages: refuse ? [publicPhoto] : [publicPhoto, { ...publicPhoto, url: heldPhoto.url, alt: heldPhoto.alt }] };
      return { body: { message: refuse ? MESSAGES.property.photosRefused : MESSAGES.property.photosAccepted, decided: 1, property: state.p } };
    }
    return undefined;
  });
  renderPage(<PropertyReview />, { path: '/property-review/p1', route: '/property-review/:id' });
  return mock;
}

describe('photos awaiting review on the review screen', () => {
  it('shows them apart, and accepting sends the decision and clears the panel', async () => {
    const mock = review();
    expect(await screen.findByRole('heading', { name: 'New photos awaiting review (1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept photos' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /awaiting review/ })).not.toBeInTheDocument());
    expect(mock.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ action: 'accept' }]);
    expect(await screen.findByText(MESSAGES.property.photosAccepted)).toBeInTheDocument();
  });

  it('refusing sends refuse', async () => {
    const mock = review();
    await userEvent.click(await screen.findByRole('button', { name: 'Refuse and delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /awaiting review/ })).not.toBeInTheDocument());
    expect(mock.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ action: 'refuse' }]);
  });
});
