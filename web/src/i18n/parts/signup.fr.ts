import { LIMITS, type WithManyPlurals } from '@mboa/contracts';
import type { SignupTexts } from './signup.en.js';

/** signup: a catalog part (see ./index.ts), French. */
export const signupFr: WithManyPlurals<SignupTexts> = {
  signup: {
    chooseRoleHint: 'Choisissez comment vous allez utiliser Mboa Rentals.',
    roles: {
      renter: { title: 'Locataire', text: 'Je cherche une chambre, une maison ou une boutique à louer.' },
      // The landlord and caretaker descriptions stay swapped, as in English (the original product has them so).
      landlord: { title: 'Bailleur', text: 'Je gère des biens pour le compte de leurs propriétaires.' },
      caretaker: { title: 'Gérant', text: 'Je suis propriétaire de biens et je veux les mettre en location.' },
    },
    haveAccount: 'Vous avez déjà un compte ?',
    loginLink: 'Se connecter',
    name: 'Nom complet',
    email: 'Adresse e-mail',
    whatsapp: 'Numéro WhatsApp',
    whatsappHint: `${LIMITS.whatsappDigits} chiffres, sans le +237`,
    password: 'Mot de passe',
    passwordHint: `Au moins ${LIMITS.password.minLength} caractères`,
    agreePrefix: 'J’accepte les ',
    agreeTerms: 'conditions d’utilisation',
    agreeAnd: ' et la ',
    agreePrivacy: 'politique de confidentialité',
    submit: 'S’inscrire',
    submitting: 'Inscription en cours…',
    joiningAs: 'Rôle choisi : {{role}}',
    welcome: 'Bienvenue, {{name}} !',
    ownerNext:
      'Notre équipe vous contactera sur WhatsApp pour vérifier votre compte avant que vous puissiez publier des annonces.',
    renterNext: 'Vous pouvez dès maintenant parcourir les annonces.',
    continue: 'Continuer',
  },
};
