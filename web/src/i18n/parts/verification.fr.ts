import type { WithManyPlurals } from '@mboa/contracts';
import type { VerificationTexts } from './verification.en.js';

/** verification: a catalog part (see ./index.ts), French. */
export const verificationFr: WithManyPlurals<VerificationTexts> = {
  verification: {
    title: 'Vérification',
    intro:
      'Les locataires craignent les faux bailleurs. Montrez-leur à qui ils ont affaire : une fois vos documents vérifiés par notre équipe, vos annonces affichent « Identité vérifiée » et, sur chaque bien dont vous prouvez le contrôle, « Contrôle de ce bien vérifié ».',
    privacy:
      'Vos documents restent privés : seule notre équipe les voit, pour les vérifier. Les photos sont supprimées {{days}} jours après notre décision ; nous ne gardons que la décision.',
    ownersOnlyTitle: 'Pour les bailleurs et les gérants',
    ownersOnlyText: 'Seuls les bailleurs et les gérants envoient des documents à vérifier. En tant que locataire, vous voyez sur chaque annonce ce que notre équipe a vérifié.',
    browse: 'Voir les annonces',
    loadFailed: 'Impossible de charger vos documents. Veuillez réessayer.',
    retry: 'Réessayer',
    identityTitle: 'Votre identité',
    identityHint: 'Votre carte nationale d’identité, passeport ou carte de séjour : recto et verso, chaque mot lisible.',
    identityStatus: {
      none: 'Pas encore envoyée',
      pending: 'En attente de notre équipe',
      approved: 'Identité vérifiée',
      rejected: 'Non acceptée',
    },
    status: {
      pending: 'En attente de notre équipe',
      approved: 'Vérifié',
      rejected: 'Non accepté',
    },
    reason: 'Motif : {{reason}}',
    sendAgain: 'Envoyez de nouvelles photos d’un document ci-dessous.',
    controlTitle: 'Preuve que vous contrôlez un bien',
    controlHintLandlord:
      'Une facture ENEO ou CAMWATER récente à votre nom pour le bien, son titre foncier, ou un bail qui vous nomme bailleur.',
    controlHintCaretaker:
      'Le mandat signé par le propriétaire qui vous autorise à louer le bien pour lui, avec le nom et le numéro WhatsApp du propriétaire : notre équipe peut l’appeler.',
    noProperties: 'Publiez d’abord un bien : une preuve de contrôle couvre des biens que vous avez publiés.',
    properties: 'Biens couverts par ce document',
    propertiesHint: 'Plusieurs biens à la même adresse peuvent partager un document ({{max}} au plus).',
    propertyChecked: 'Contrôle vérifié',
    propertyWaiting: 'En attente de notre équipe',
    documentType: 'Type de document',
    chooseType: 'Choisissez le document',
    documentTypes: {
      'national-id': 'Carte nationale d’identité',
      passport: 'Passeport',
      'residence-permit': 'Carte de séjour',
      'utility-bill': 'Facture ENEO ou CAMWATER',
      'title-deed': 'Titre foncier',
      lease: 'Contrat de bail',
      'caretaker-mandate': 'Mandat signé par le propriétaire',
    },
    mandateOwnerName: 'Nom complet du propriétaire',
    mandateOwnerWhatsapp: 'Numéro WhatsApp du propriétaire',
    whatsappHint: '9 chiffres, sans +237',
    photos: 'Photos du document',
    photosHint: '1 à {{max}} photos (recto et verso), {{mb}} Mo au plus chacune. Posez le document à plat, en bonne lumière.',
    addPhoto: 'Prendre ou choisir une photo',
    removePhoto: 'Retirer {{name}}',
    send: 'Envoyer pour vérification',
    sending: 'Envoi… {{percent}} %',
    sent: 'Envoyé. Notre équipe le vérifiera bientôt et vous donnera le résultat par e-mail.',
    requestsTitle: 'Ce que vous avez envoyé',
    noRequests: 'Rien d’envoyé pour le moment.',
    kind: {
      identity: 'Identité',
      control: 'Preuve de contrôle',
    },
    sentOn: 'Envoyé le {{date}}',
    decidedOn: 'Décidé le {{date}}',
    covers_one: 'Couvre {{count}} bien',
    covers_other: 'Couvre {{count}} biens',
    covers_many: 'Couvre {{count}} de biens',
    coversTitles_one: 'Couvre {{count}} bien : {{titles}}',
    coversTitles_other: 'Couvre {{count}} biens : {{titles}}',
    coversTitles_many: 'Couvre {{count}} de biens : {{titles}}',
    filesDeleted: 'Les photos ont été supprimées le {{date}}.',
  },
};
