import type { WithManyPlurals } from '@mboa/contracts';
import type { ListingsTexts } from './listings.en.js';

/** listings: a catalog part (see ./index.ts), French. */
export const listingsFr: WithManyPlurals<ListingsTexts> = {
  listings: {
    title: 'Mes annonces',
    addNew: 'Ajouter une annonce',
    statusFilter: 'Statut',
    allStatuses: 'Tous',
    pageSize: 'Par page',
    property: 'Annonce',
    price: 'Prix',
    status: 'Statut',
    posted: 'Date de publication',
    actions: 'Actions',
    markRented: 'Marquer comme loué',
    markAvailable: 'Marquer comme disponible',
    activate: 'Activer',
    deactivate: 'Désactiver',
    delete: 'Supprimer',
    confirmDeleteTitle: 'Supprimer cette annonce ?',
    confirmDeleteText: 'L’annonce « {{title}} » sera supprimée définitivement. Cette action est irréversible.',
    previous: 'Précédent',
    next: 'Suivant',
    underReview: 'En cours de validation',
    photosAwaitingReview_one: '1 nouvelle photo en attente de vérification : le public ne la voit pas encore',
    photosAwaitingReview_other: '{{count}} nouvelles photos en attente de vérification : le public ne les voit pas encore',
    photosAwaitingReview_many: '{{count}} de nouvelles photos en attente de vérification : le public ne les voit pas encore',
    live: 'En ligne',
    view: 'Voir',
    addPhotos: 'Ajouter des photos',
    addingPhotos: 'Ajout des photos… {{percent}} %',
    photosFull: 'Cette annonce a déjà {{max}} photos',
    verification: 'Montrez aux locataires que vous êtes réel : envoyez vos documents',
  },
};
