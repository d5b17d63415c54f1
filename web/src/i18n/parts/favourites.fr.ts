import type { WithManyPlurals } from '@mboa/contracts';
import type { FavouritesTexts } from './favourites.en.js';

/** favourites: a catalog part (see ./index.ts), French. */
export const favouritesFr: WithManyPlurals<FavouritesTexts> = {
  favourites: {
    title: 'Vos favoris',
    count_one: '{{count}} annonce enregistrée',
    count_many: '{{count}} d’annonces enregistrées',
    count_other: '{{count}} annonces enregistrées',
    onDevice: 'Enregistrés sur cet appareil seulement. Connectez-vous ou inscrivez-vous pour les garder sur votre compte.',
    empty: 'Aucun favori pour le moment',
    emptyHint: 'Touchez le cœur d’une annonce pour la garder ici.',
    browse: 'Parcourir les annonces',
    loadFailed: 'Impossible de charger vos favoris.',
    retry: 'Réessayer',
    rented: 'Plus disponible : déjà louée',
    deactivated: 'Plus disponible : retirée par le bailleur',
    unavailable: 'Plus disponible',
    unknownListing: 'Une annonce enregistrée',
  },
};
