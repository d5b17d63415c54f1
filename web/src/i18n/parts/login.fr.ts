import type { WithManyPlurals } from '@mboa/contracts';
import type { LoginTexts } from './login.en.js';

/** login: a catalog part (see ./index.ts), French. */
export const loginFr: WithManyPlurals<LoginTexts> = {
  login: {
    title: 'Bon retour parmi nous',
    subtitle: 'Connectez-vous à votre compte',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
    show: 'Afficher',
    hide: 'Masquer',
    rememberMe: 'Se souvenir de moi',
    submit: 'Se connecter',
    submitting: 'Connexion en cours…',
    noAccount: 'Vous n’avez pas de compte ?',
    signupLink: 'S’inscrire',
    backHome: '← Retour à l’accueil',
  },
  reset: {
    title: 'Réinitialiser votre mot de passe',
    stepEmail: 'Saisissez l’adresse e-mail de votre compte et nous vous enverrons un code.',
    stepCode: 'Saisissez le code que nous avons envoyé à {{email}}.',
    stepPassword: 'Choisissez un nouveau mot de passe.',
    email: 'Adresse e-mail',
    code: 'Code de réinitialisation',
    newPassword: 'Nouveau mot de passe',
    confirmPassword: 'Confirmez le nouveau mot de passe',
    sendCode: 'Envoyer le code',
    verifyCode: 'Vérifier le code',
    savePassword: 'Réinitialiser le mot de passe',
    resendIn: 'Vous pourrez demander un nouveau code dans {{seconds}} s',
    backToLogin: '← Retour à la connexion',
    stepOf: 'Étape {{step}} sur {{total}}',
  },
};
