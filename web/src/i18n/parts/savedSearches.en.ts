import type { Widen } from '@mboa/contracts';

/** savedSearches: a catalog part (see ./index.ts), English. */
export const savedSearchesEn = {
  savedSearches: {
    title: 'Saved searches',
    intro: 'You hear of each newly approved listing that matches one of them, by e-mail.',
    empty: 'No saved searches yet. Use “Save this search” on the home page.',
    loadFailed: 'Could not load your saved searches.',
    changeFailed: 'Could not change the saved search. Please try again.',
    frequency: 'Alerts for {{name}}',
    instant: 'Right away',
    daily: 'Daily digest',
    rename: 'Rename',
    renameLabel: 'New name for {{name}}',
    saveName: 'Save',
    cancel: 'Cancel',
    remove: 'Delete',
    removeLabel: 'Delete the saved search {{name}}',
  },
};

export type SavedSearchesTexts = Widen<typeof savedSearchesEn>;
