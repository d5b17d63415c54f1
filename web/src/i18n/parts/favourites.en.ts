import type { Widen } from '@mboa/contracts';

/** favourites: a catalog part (see ./index.ts), English. */
export const favouritesEn = {
  favourites: {
    title: 'Your favourites',
    count_one: '{{count}} listing saved',
    count_other: '{{count}} listings saved',
    onDevice: 'Saved on this device only. Log in or sign up to keep them on your account.',
    empty: 'No favourites yet',
    emptyHint: 'Tap the heart on a listing to keep it here.',
    browse: 'Browse listings',
    loadFailed: 'Could not load your favourites.',
    retry: 'Try again',
    rented: 'No longer available: rented',
    deactivated: 'No longer available: taken down by its owner',
    unavailable: 'No longer available',
    unknownListing: 'A listing you saved',
  },
};

export type FavouritesTexts = Widen<typeof favouritesEn>;
