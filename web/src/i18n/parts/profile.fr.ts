import type { WithManyPlurals } from '@mboa/contracts';
import type { ProfileTexts } from './profile.en.js';

/** profile: a catalog part (see ./index.ts), French. */
export const profileFr: WithManyPlurals<ProfileTexts> = {
  sessions: {
    title: 'Où vous êtes connecté',
    intro: 'Déconnectez un appareil que vous n’utilisez plus ou que vous ne reconnaissez pas. Une réinitialisation du mot de passe déconnecte tous les appareils.',
    device: '{{browser}} sur {{os}}',
    deviceOs: 'Un navigateur sur {{os}}',
    unknownDevice: 'Appareil inconnu',
    thisDevice: 'Cet appareil',
    signedIn: 'Connecté le {{when}}',
    lastSeen: 'dernière activité le {{when}}',
    end: 'Déconnecter',
    endLabel: 'Déconnecter {{device}}, dernière activité le {{when}}',
    ended: 'Déconnecté sur {{device}}.',
    endOthers: 'Me déconnecter partout ailleurs',
    othersEnded: 'Déconnecté partout ailleurs.',
    loadFailed: 'Impossible d’afficher où vous êtes connecté.',
    failed: 'Impossible de déconnecter cet appareil. Veuillez réessayer.',
  },
  whatsappNumber: {
    title: 'Votre numéro WhatsApp',
    intro:
      'On vous joint sur ce numéro. Confirmez-le avec un code que nous y envoyons sur WhatsApp : les bailleurs et les gardiens ne publient qu’avec un numéro confirmé, et les annonces montrent le numéro confirmé par leur propriétaire.',
    number: 'Numéro',
    state: 'Statut',
    confirmed: 'Confirmé',
    notConfirmed: 'Pas encore confirmé',
    confirmedOn: 'Confirmé le {{when}}',
    sendCode: 'Envoyez-moi un code',
    sending: 'Envoi…',
    sendAgain: 'Envoyer un nouveau code',
    resendIn: 'Vous pourrez demander un nouveau code dans {{seconds}} s.',
    codeLabel: 'Le code à {{digits}} chiffres reçu sur WhatsApp',
    confirm: 'Confirmer',
    confirming: 'Confirmation…',
    change: 'Changer de numéro',
    newNumber: 'Nouveau numéro WhatsApp',
    newNumberHint: '{{digits}} chiffres, par exemple 677123456',
    save: 'Enregistrer le numéro',
    saving: 'Enregistrement…',
    cancel: 'Annuler',
    changedHint: 'Tant que vous n’avez pas confirmé le nouveau numéro, vos annonces montrent le numéro confirmé avant, et les nouvelles annonces attendent.',
    loadFailed: 'Impossible de charger votre numéro WhatsApp.',
    retry: 'Réessayer',
  },
};
