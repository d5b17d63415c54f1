import { LIMITS, MESSAGES } from '@mboa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MyListings from '../pages/MyListings.js';
import { mockFetch, property, renderApp, user } from '../test/utils.js';

/** The gateway's answer to the one upload, as XMLHttpRequest would hand it over (fetch cannot report progress, so uploads use XHR). */
class FakeUpload {
  static sent: { url: string; form: FormData }[] = [];
  static answer: { status: number; body: unknown } = { status: 200, body: {} };
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
  send(form: FormData) {
    FakeUpload.sent.push({ url: this.url, form });
    setTimeout(() => {
      this.status = FakeUpload.answer.status;
      this.responseText = JSON.stringify(FakeUpload.answer.body);
      this.onload?.();
    }, 0);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeUpload.sent = [];
});

const photoFile = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });

function listWith(items: ReturnType<typeof property>[]) {
  mockFetch(({ body }) => {
    const b = body as { action: string } | undefined;
    if (!b) return undefined; // the insights
    return { body: { data: items, meta: { total: items.length, page: 1, totalPages: 1 } } };
  });
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  renderApp(<MyListings />, { path: '/my-listings', signedIn: user({ role: 'landlord', isVerified: true }) });
}

describe('adding photos from My Listings', () => {
  it('sends the chosen photos to the listing and shows the answer', async () => {
    const flat = property({ id: 'a', title: 'Flat A', propertyImages: [] });
    const image = { url: '/media/a-large.webp', width: 1024, height: 768, alt: 'Flat A' };
    FakeUpload.answer = { status: 200, body: { message: MESSAGES.property.photosAdded, property: { ...flat, propertyImages: [image, image] } } };
    listWith([flat]);
    const card = (await screen.findByText('Flat A')).closest('li')!;
    fireEvent.change(within(card).getByLabelText('Add photos'), { target: { files: [photoFile('kitchen.jpg'), photoFile('yard.jpg')] } });
    expect(await screen.findByText(MESSAGES.property.photosAdded)).toBeInTheDocument();
    expect(FakeUpload.sent).toHaveLength(1);
    expect(FakeUpload.sent[0].url).toBe('/api/properties/a/photos');
    const sent = FakeUpload.sent[0].form.getAll('propertyImages') as File[];
    expect(sent.map((f) => f.name.replace(/^\d+-/, ''))).toEqual(['0-kitchen.jpg', '1-yard.jpg']);
  });

  it('says why the server refused (its text), and more photos than the listing has room for are not sent', async () => {
    const almostFull = property({
      id: 'b',
      title: 'Flat B',
      propertyImages: Array.from({ length: LIMITS.images.maxCount - 1 }, (_, i) => ({ url: `/media/${i}.webp`, width: 10, height: 10, alt: '' })),
    });
    FakeUpload.answer = { status: 429, body: { message: MESSAGES.upload.tooManyPosts } };
    listWith([almostFull]);
    const card = (await screen.findByText('Flat B')).closest('li')!;
    fireEvent.change(within(card).getByLabelText('Add photos'), { target: { files: [photoFile('a.jpg'), photoFile('b.jpg')] } });
    expect(await screen.findByText(MESSAGES.property.maxImages)).toBeInTheDocument();
    expect(FakeUpload.sent).toHaveLength(0);
    fireEvent.change(within(card).getByLabelText('Add photos'), { target: { files: [photoFile('a.jpg')] } });
    expect(await screen.findByText(MESSAGES.upload.tooManyPosts)).toBeInTheDocument();
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
  });

  it('a listing with the most photos offers no upload', async () => {
    const full = property({
      id: 'c',
      title: 'Flat C',
      propertyImages: Array.from({ length: LIMITS.images.maxCount }, (_, i) => ({ url: `/media/${i}.webp`, width: 10, height: 10, alt: '' })),
    });
    listWith([full]);
    const card = (await screen.findByText('Flat C')).closest('li')!;
    expect(within(card).getByRole('button', { name: 'Add photos' })).toBeDisabled();
  });

  it('tells the owner which listing has new photos awaiting our review', async () => {
    const image = { url: '/media/a-large.webp', width: 1024, height: 768, alt: 'Flat D' };
    const held = { ...image, url: '/media/b-large.webp', awaitingReview: true as const, id: 'img-b' };
    listWith([property({ id: 'd', title: 'Flat D', isVerified: true, propertyImages: [image, held, { ...held, url: '/media/c-large.webp', id: 'img-c' }] }), property({ id: 'e', title: 'Flat E', propertyImages: [image] })]);
    const card = (await screen.findByText('Flat D')).closest('li')!;
    expect(within(card).getByText('2 new photos awaiting our review: the public does not see them yet')).toBeInTheDocument();
    const other = screen.getByText('Flat E').closest('li')!;
    expect(within(other).queryByText(/awaiting our review/)).not.toBeInTheDocument();
  });
});
