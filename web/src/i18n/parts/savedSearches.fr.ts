import type { WithManyPlurals } from '@mboa/contracts';
import type { SavedSearchesTexts } from './savedSearches.en.js';

/** savedSearches: a catalog part (see ./index.ts), French. */
export const savedSearchesFr: WithManyPlurals<SavedSearchesTexts> = {
  savedSearches: {
    title: 'Recherches enregistrées',
    intro: 'Vous êtes prévenu par e-mail de chaque nouvelle annonce approuvée qui correspond à l’une d’elles.',
    empty: 'Aucune recherche enregistrée pour le moment. Utilisez « Enregistrer cette recherche » sur la page d’accueil.',
    loadFailed: 'Impossible de charger vos recherches enregistrées.',
    changeFailed: 'Impossible de modifier la recherche enregistrée. Veuillez réessayer.',
    frequency: 'Alertes pour {{name}}',
    instant: 'Tout de suite',
    daily: 'Résumé quotidien',
    rename: 'Renommer',
    renameLabel: 'Nouveau nom pour {{name}}',
    saveName: 'Enregistrer',
    cancel: 'Annuler',
    remove: 'Supprimer',
    removeLabel: 'Supprimer la recherche enregistrée {{name}}',
  },
};
