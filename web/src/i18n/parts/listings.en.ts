import type { Widen } from '@mboa/contracts';

/** listings: a catalog part (see ./index.ts), English. */
export const listingsEn = {
  listings: {
    title: 'My Listings',
    addNew: 'Add New Property',
    statusFilter: 'Status',
    allStatuses: 'All',
    pageSize: 'Per page',
    property: 'Property',
    price: 'Price',
    status: 'Status',
    posted: 'Posted',
    actions: 'Actions',
    markRented: 'Mark as Rented',
    markAvailable: 'Mark as Available',
    activate: 'Activate',
    deactivate: 'Deactivate',
    delete: 'Delete',
    confirmDeleteTitle: 'Delete this property?',
    confirmDeleteText: '“{{title}}” will be removed for good. This cannot be undone.',
    previous: 'Previous',
    next: 'Next',
    underReview: 'Under review',
    photosAwaitingReview_one: '1 new photo awaiting our review: the public does not see it yet',
    photosAwaitingReview_other: '{{count}} new photos awaiting our review: the public does not see them yet',
    live: 'Live',
    view: 'View',
    addPhotos: 'Add photos',
    addingPhotos: 'Adding photos… {{percent}}%',
    photosFull: 'This listing already has {{max}} photos',
    verification: 'Show renters you are real: send your documents',
  },
};

export type ListingsTexts = Widen<typeof listingsEn>;
