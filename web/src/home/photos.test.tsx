import { CARD_THUMBNAIL_ONLY, PHOTO_SIZES } from '@mboa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Gallery } from '../details/Gallery.js';
import { property, renderApp } from '../test/utils.js';
import { PropertyCard } from '../ui/PropertyCard.js';

const stored = (id: string) => ({
  thumbnail: `/media/properties/${id}/abc-thumb.webp`,
  propertyImages: [{ url: `/media/properties/${id}/abc-large.webp`, alt: 'Front', width: 1024, height: 768 }],
});

describe('card photos', () => {
  it('the first card offers both variants, is sized up front, and is fetched at once with high priority', () => {
    renderApp(
      <>
        <PropertyCard property={property({ id: 'a', title: 'First home', ...stored('a') })} first />
        <PropertyCard property={property({ id: 'b', title: 'Second home', ...stored('b') })} />
      </>,
    );
    const first = screen.getByRole('img', { name: 'First home' });
    expect(first.getAttribute('srcset')).toBe('/media/properties/a/abc-thumb.webp 320w, /media/properties/a/abc-large.webp 1024w');
    expect(first.getAttribute('sizes')).toBe(PHOTO_SIZES.card);
    expect(first.getAttribute('src')).toBe('/media/properties/a/abc-thumb.webp');
    expect(first.getAttribute('width')).toBe('320');
    expect(first.getAttribute('height')).toBe('240');
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    // On a phone (one column) the card takes the thumbnail, not the large photo its density would pick.
    const phone = first.closest('picture')?.querySelector('source');
    expect(phone?.getAttribute('media')).toBe(CARD_THUMBNAIL_ONLY);
    expect(phone?.getAttribute('srcset')).toBe('/media/properties/a/abc-thumb.webp');

    const second = screen.getByRole('img', { name: 'Second home' });
    expect(second.getAttribute('loading')).toBe('lazy');
    expect(second.getAttribute('fetchpriority')).toBeNull();
    expect(second.getAttribute('srcset')).toContain('/media/properties/b/abc-large.webp 1024w');
  });
});

describe('details photos', () => {
  it("on a phone the first photo is fetched at once, in the variant the screen needs, the others when they're near", () => {
    const images = ['one', 'two'].map((name) => ({ url: `/media/properties/p/${name}-large.webp`, alt: name, width: 1024, height: 683 }));
    renderApp(<Gallery images={images} title="Studio" />);
    // The phone's carousel (the stylesheet hides the large screens' grid on a phone).
    const carousel = within(screen.getByLabelText('Photo gallery'));
    const first = carousel.getByRole('img', { name: 'one' });
    expect(first.getAttribute('srcset')).toBe('/media/properties/p/one-thumb.webp 320w, /media/properties/p/one-large.webp 1024w');
    expect(first.getAttribute('sizes')).toBe(PHOTO_SIZES.detailsMain);
    expect(first.getAttribute('width')).toBe('1024');
    expect(first.getAttribute('height')).toBe('683');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('loading')).toBe('eager');
    expect(carousel.getByRole('img', { name: 'two', hidden: true }).getAttribute('loading')).toBe('lazy');
  });
});

describe('details carousel', () => {
  it('holds the photo shown and the next one, and each further photo once the visitor moves on', () => {
    const images = ['one', 'two', 'three', 'four'].map((name) => ({ url: `/media/properties/p/${name}-large.webp`, alt: name, width: 1024, height: 768 }));
    renderApp(<Gallery images={images} title="Studio" />);
    const carousel = within(screen.getByLabelText('Photo gallery'));
    const photo = (name: string) => carousel.queryByRole('img', { name, hidden: true });
    expect(photo('one')).not.toBeNull();
    expect(photo('two')).not.toBeNull();
    expect(photo('three')).toBeNull();
    expect(photo('four')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(photo('three')).not.toBeNull();
    expect(photo('four')).toBeNull();
    // Back to the first: what was loaded stays.
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(photo('two')).not.toBeNull();
    expect(photo('three')).not.toBeNull();
  });
});
