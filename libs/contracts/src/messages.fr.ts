import { LIMITS } from './limits.js';
import { unlinkedText } from './rules/shown-text.js';
import type { Messages } from './messages.js';
import type { Widen } from './i18n/language.js';
import { PROPERTY_STATUS_LABELS_FR } from './i18n/labels.fr.js';

// The toast is given the stored status ('rented'); a French reader gets its label.
const STATUS_LABELS: Readonly<Record<string, string>> = PROPERTY_STATUS_LABELS_FR;

/**
 * The same texts as MESSAGES, in French as it is written in Cameroon: "vous" throughout, "caution"
 * for the deposit, FCFA, chambre, quartier. `satisfies` keeps each function's own parameter list,
 * so SameShape below refuses a key missing, a key added or an argument list that differs.
 */
export const MESSAGES_FR = {
  common: {
    allFieldsRequired: 'Tous les champs sont obligatoires',
    unexpected: 'Une erreur inattendue s\u2019est produite. Veuillez réessayer.',
    somethingWentWrong: 'Un problème est survenu. Veuillez réessayer.',
    validationFailed: 'Veuillez vérifier les champs signalés.',
    routeNotFound: 'Adresse introuvable',
    invalidJson: 'Le contenu de la requête n\u2019est pas un JSON valide.',
    crossSiteRefused: 'Les requêtes venant d\u2019autres sites ne sont pas autorisées.',
    fileNotFound: 'Fichier introuvable',
    tooManyAttempts: 'Trop de tentatives. Veuillez réessayer plus tard.',
    payloadTooLarge: 'L\u2019envoi est trop volumineux.',
    internalError: 'Une erreur inattendue s\u2019est produite. Veuillez réessayer.',
    serviceUnavailable: 'Le service est momentanément indisponible. Veuillez réessayer.',
    serviceTimeout: 'Le service a mis trop de temps à répondre. Veuillez réessayer.',
    invalidId: 'Identifiant invalide',
    idRequired: 'Un identifiant est obligatoire',
    mustBeNumber: 'Doit être un nombre',
    mustBeWholeNumber: 'Doit être un nombre entier',
    pageInvalid: 'La page doit être un nombre entier d\u2019au moins 1',
    limitInvalid: 'La limite doit être un nombre entier de 1 à 50',
    invalidStatus: 'Statut invalide',
    invalidAction: 'Action inconnue',
    invalidType: 'Type inconnu',
    invalidFilter: 'Filtre invalide',
    mustBeObject: 'Le contenu de la requête doit être un objet JSON',
    mustBeBoolean: 'Doit valoir vrai ou faux',
    tooLong: 'Ce champ est trop long',
    numberTooLarge: 'Ce nombre est trop grand',
    forbiddenCharacter: 'Ce champ contient un caractère non autorisé',
    nameInvisible: 'Un nom doit contenir des lettres visibles.',
    nameDirectionControl: 'Un nom ne peut pas contenir de caractères qui changent le sens du texte.',
  },
  auth: {
    invalidCredentials: 'Adresse e-mail ou mot de passe incorrect.',
    signupFailed: 'L\u2019inscription a échoué',
    signupSuccess: 'Inscription réussie',
    loginSuccess: 'Connexion réussie',
    logoutSuccess: 'Déconnexion réussie',
    emailAlreadyRegistered: 'Un compte existe déjà avec cette adresse e-mail.',
    accountBanned: 'Votre compte a été suspendu. Contactez le support.',
    notSignedIn: 'Veuillez vous connecter pour continuer.',
    notAllowed: 'Vous n\u2019êtes pas autorisé à faire cette action.',
    adminOnly: 'Accès réservé aux administrateurs.',
    verificationRequiredToPost:
      'Votre compte doit être vérifié avant que vous puissiez publier des annonces. Notre équipe vous contactera sur WhatsApp.',
    postingNotAllowedForRole: 'Seuls les bailleurs, les gérants et les administrateurs peuvent publier des annonces.',
    invalidEmail: 'Veuillez saisir une adresse e-mail valide.',
    invalidRole: 'Le rôle doit être locataire, bailleur ou gérant.',
    agreeToTermsRequired: 'Vous devez accepter les conditions d\u2019utilisation et la politique de confidentialité.',
    passwordTooShort: `Le mot de passe doit contenir au moins ${LIMITS.password.minLength} caractères.`,
    passwordAllWhitespace: 'Votre mot de passe ne peut pas être composé uniquement d\u2019espaces.',
    passwordTooCommon:
      'Ce mot de passe fait partie des plus utilisés. Veuillez en choisir un plus difficile à deviner.',
    passwordLikeEmail: 'Votre mot de passe ne peut pas être votre adresse e-mail.',
    passwordLikeName: 'Votre mot de passe ne peut pas être votre nom.',
    passwordSiteWords: 'Votre mot de passe ne peut pas être seulement le nom de ce site ou des noms et villes du Cameroun, avec ou sans chiffres : ce sont les premiers essayés.',
    whatsappExactDigits: 'Le numéro WhatsApp doit comporter exactement 9 chiffres',
    userNotFound: 'Utilisateur introuvable',
    userUpdated: 'Utilisateur mis à jour',
    userAlreadyVerified: 'Cet utilisateur est déjà vérifié.',
    userAlreadyBanned: 'Cet utilisateur est déjà suspendu.',
    userNotBanned: 'Cet utilisateur n\u2019est pas suspendu.',
    cannotBanAdmin: 'Un administrateur ne peut pas être suspendu.',
    adminCreated: 'Compte administrateur créé.',
    adminExists: 'Un compte existe déjà avec cette adresse e-mail.',
    fetchProfileFailed: 'Impossible de récupérer le profil',
    loadProfileFailed: 'Impossible de charger le profil. Veuillez réessayer.',
    profileUpdated: 'Profil mis à jour',
    invalidLanguage: 'La langue doit être en ou fr.',
    staffPasswordTooShort: `Le mot de passe d'un compte du personnel doit contenir au moins ${LIMITS.password.staffMinLength} caractères.`,
    staffPasswordRenewal: `Les comptes du personnel doivent désormais avoir un mot de passe d'au moins ${LIMITS.password.staffMinLength} caractères, qui ne soit pas un mot de passe courant. Choisissez-en un nouveau avec « Mot de passe oublié ? », puis connectez-vous avec.`,
  },
  secondFactor: {
    enrolmentRequired: "Configurez une application d'authentification pour votre compte avant d'utiliser l'espace d'administration.",
    required: "Saisissez le code de votre application d'authentification pour ouvrir l'espace d'administration.",
    codeRequired: "Saisissez le code à 6 chiffres de votre application d'authentification, ou l'un de vos codes de secours.",
    codeInvalid: "Ce code n'est pas le bon, ou il a déjà servi. Attendez le code suivant et réessayez.",
    alreadyEnrolled: "Une application d'authentification est déjà configurée pour ce compte.",
    notStarted: "Recommencez la configuration : aucune application d'authentification n'attend son premier code.",
    enrolled: "Application d'authentification configurée. Gardez vos codes de secours en lieu sûr : chacun ne sert qu'une fois.",
    passed: 'Code accepté.',
    recoveryCodeUsed: 'Code de secours accepté. Il ne pourra plus servir.',
    staffOnly: "Seuls les comptes du personnel ont un second facteur.",
    reset: "Second facteur réinitialisé. La personne configurera une application d'authentification à sa prochaine connexion.",
    notEnrolled: "Cette personne n'a pas d'application d'authentification configurée.",
  },
  passwordReset: {
    emailRequired: 'L\u2019adresse e-mail est obligatoire.',
    codeRequired: 'Le code est obligatoire.',
    fillAllFields: 'Veuillez remplir tous les champs.',
    passwordsDoNotMatch: 'Les mots de passe ne correspondent pas.',
    fallback: 'Un problème est survenu',
    requestSent: 'Si un compte existe pour cette adresse e-mail, un code de réinitialisation y a été envoyé.',
    codeFormat: `Le code doit comporter ${LIMITS.passwordReset.codeLength} chiffres.`,
    codeInvalid: 'Code invalide ou expiré.',
    codeExpired: 'Code invalide ou expiré.',
    tooManyWrongTries: 'Trop de codes erronés. Veuillez demander un nouveau code.',
    resendTooSoon: `Veuillez patienter ${LIMITS.passwordReset.resendMinSeconds} secondes avant de demander un nouveau code.`,
    codeVerified: 'Code vérifié. Vous pouvez maintenant choisir un nouveau mot de passe.',
    askHereFirst: 'Veuillez d\'abord demander un code dans ce navigateur.',
    verifyFirst: 'Veuillez d\u2019abord valider votre code de réinitialisation, dans ce navigateur.',
    resetTokenInvalid: 'Cette réinitialisation a expiré ou a déjà été utilisée. Veuillez demander un nouveau code.',
    confirmSuccess: 'Mot de passe réinitialisé. Vous pouvez maintenant vous connecter.',
    mailSubject: 'Votre code de réinitialisation du mot de passe',
    mailBody: (code) =>
      `Votre code de réinitialisation du mot de passe est ${code}. Il est valable ${LIMITS.passwordReset.codeValidityMinutes} minutes. Si vous ne l\u2019avez pas demandé, ignorez ce message.`,
    changedMailSubject: 'Le mot de passe de votre compte Mboa Rentals a été changé',
    changedMailBody: (when) =>
      `Le mot de passe de votre compte Mboa Rentals a été changé le ${when} (heure du Cameroun), et toutes les sessions ouvertes sur ce compte ont été fermées.\n\nSi c\u2019était vous, il n\u2019y a rien à faire.\n\nSi ce n\u2019était pas vous, quelqu\u2019un lit peut-être vos e-mails : sécurisez d\u2019abord votre boîte mail, puis choisissez un nouveau mot de passe avec « Mot de passe oublié ? » sur la page de connexion, et prévenez-nous depuis la page Contact.`,
  },
  whatsappProof: {
    codeFormat: `Le code doit comporter ${LIMITS.whatsappProof.codeLength} chiffres.`,
    noNumber: 'Ajoutez d\u2019abord un numéro WhatsApp camerounais à votre compte.',
    alreadyProven: 'Ce numéro WhatsApp est déjà confirmé.',
    codeSent: 'Un code a été envoyé à votre numéro WhatsApp.',
    codeInvalid: 'Code invalide ou expiré.',
    tooManyWrongTries: 'Trop de codes erronés. Veuillez demander un nouveau code.',
    resendTooSoon: `Veuillez patienter ${LIMITS.whatsappProof.resendMinSeconds} secondes avant de demander un nouveau code.`,
    tooManyCodes: 'Trop de codes ont été demandés pour ce compte ou ce numéro. Veuillez réessayer plus tard.',
    sendFailed: 'Le code n\u2019a pas pu être envoyé sur WhatsApp. Veuillez réessayer dans un instant.',
    proven: 'Votre numéro WhatsApp est confirmé.',
    codeText: (code) =>
      `${code} est votre code Mboa Rentals pour confirmer ce numéro WhatsApp. Il est valable ${LIMITS.whatsappProof.codeValidityMinutes} minutes. Ne le communiquez à personne, même à quelqu\u2019un qui se dit de Mboa Rentals.`,
  },
  property: {
    notFound: 'Annonce introuvable',
    alreadyVerified: 'Cette annonce a déjà été validée.',
    noDescription: 'Aucune description disponible.',
    submitFailedThrown: 'La publication de l\u2019annonce a échoué',
    submitFailed: 'La publication de l\u2019annonce a échoué. Veuillez réessayer.',
    maxImages: '10 photos au maximum',
    imageTooLarge: 'Chaque photo doit faire au plus 10 Mo.',
    imageTypeNotAllowed: 'Seules les photos JPEG, PNG, GIF ou WebP sont acceptées.',
    imageUnreadable: 'La photo est illisible : le fichier est endommagé ou incomplet.',
    imageTooManyPixels: (maxPixels) =>
      `Les dimensions de la photo sont trop grandes (${Math.floor(maxPixels / 1e6)} mégapixels au maximum).`,
    imageHint: 'PNG, JPG, GIF, 10 Mo maximum par photo',
    created: 'Annonce publiée avec succès',
    updated: 'Annonce mise à jour avec succès',
    photosAdded: 'Photos ajoutées avec succès',
    photosRequired: 'Choisissez au moins une photo à ajouter.',
    photosAwaitingReview: 'Photos ajoutées. Notre équipe vérifie les nouvelles photos d\'une annonce approuvée avant que le public ne les voie.',
    photosAccepted: 'Photos acceptées : le public les voit désormais.',
    photosRefused: 'Photos refusées et supprimées.',
    noPhotosAwaitingReview: 'Aucune photo de cette annonce n\'attend de vérification.',
    deleted: 'Annonce supprimée avec succès',
    statusChanged: 'Statut de l\u2019annonce mis à jour avec succès',
    invalidTransition: 'Ce changement de statut n\u2019est pas autorisé.',
    typeNotInCategory: 'Le type de bien ne correspond pas à la catégorie.',
    categoryRequired: 'La catégorie doit être « résidentiel » ou « commercial »',
    propertyTypeRequired: 'Choisissez un type de bien valide',
    paymentTermRequired: 'Le paiement doit être journalier, mensuel, trimestriel ou annuel',
    availabilityInvalid: 'La disponibilité doit être « disponible » ou « loué »',
    priceRequired: 'Le prix est obligatoire',
    countryRequired: 'Le pays est obligatoire',
    townRequired: 'La ville est obligatoire',
    neighbourhoodRequired: 'Le quartier est obligatoire',
    amenityUnknown: 'Équipement inconnu',
    amenitiesInvalid: 'Les équipements doivent être une liste',
    userIdInvalid: 'L\u2019identifiant de l\u2019utilisateur est invalide',
    roomsInvalid: 'Le nombre de pièces doit être un nombre entier de 1 à 6',
    priceRangeInvalid: 'Le prix minimum ne peut pas dépasser le prix maximum',
    sortInvalid: 'Le tri doit être newest, price-asc ou price-desc',
    photoReviewActionInvalid: 'L\u2019action doit être « accepter » ou « refuser »',
    reviewActionInvalid: 'L\u2019action doit être « valider » ou « rejeter »',
    nothingToUpdate: 'Rien à mettre à jour',
    advanceMonthsInvalid: 'Les mois d\u2019avance doivent être un nombre entier de 0 à 24',
    titleRequired: 'Le titre est obligatoire',
    titleTooLong: 'Le titre doit faire au plus 100 caractères',
    descriptionRequired: 'La description est obligatoire',
    descriptionTooLong: 'La description doit faire au plus 2000 caractères',
    mustBeNonNegative: 'Doit être un nombre supérieur ou égal à 0',
    mustBeNumber: 'Doit être un nombre',
    noPropertiesMatching: 'Aucune annonce ne correspond à vos critères.',
    noPropertiesFound: 'Aucune annonce trouvée',
    endOfListings: 'Vous avez vu toutes les annonces.',
    approved: 'Annonce validée avec succès',
    rejected: 'Annonce rejetée avec succès',
    rejectionReasonRequired: 'Veuillez indiquer le motif du rejet',
    updateFailed: 'La mise à jour de l\u2019annonce a échoué',
    fetchFailed: 'Impossible de récupérer l\u2019annonce',
    ownerNotFound: 'Propriétaire introuvable',
    ownerRoleInvalid: 'Une annonce ne peut être publiée que pour un bailleur ou un gérant.',
    ownerBanned: 'Ce propriétaire est suspendu.',
    postForOthersAdminOnly: 'Seuls les administrateurs peuvent publier au nom d\u2019un autre utilisateur.',
    imagesInvalid: 'Les photos sont invalides.',
    specificationRequired: {
      bedrooms: 'Le nombre de chambres est obligatoire',
      toilets: 'Le nombre de toilettes est obligatoire',
      kitchens: 'Le nombre de cuisines est obligatoire',
      livingRooms: 'Le nombre de salons est obligatoire',
      size: 'La superficie est obligatoire',
      distanceFromRoad: 'La distance depuis la route est obligatoire',
      sections: 'Le nombre de compartiments est obligatoire',
    },
  },
  upload: {
    notMultipart: 'Envoyez l\u2019annonce au format multipart/form-data.',
    malformed: 'L\u2019envoi n\u2019a pas pu être lu. Veuillez réessayer.',
    fieldTooLarge: 'Un champ du formulaire est trop long.',
    tooManyFields: 'Le formulaire contient trop de champs.',
    fieldsAfterFiles: 'Envoyez les informations de l\u2019annonce avant les photos.',
    duplicateField: 'Un champ du formulaire a été envoyé plusieurs fois.',
    tooManyPosts:
      'Vous avez publié beaucoup d\u2019annonces avec photos en peu de temps. Veuillez réessayer plus tard.',
    busy: 'Beaucoup de photos sont en cours de traitement. Veuillez réessayer dans un instant.',
    tooManyAtOnce: `Vous avez déjà ${LIMITS.uploads.concurrentPostsPerPerson} envois en cours. Veuillez attendre que l\u2019un d\u2019eux se termine.`,
  },
  moderation: {
    approvedMailSubject: 'Votre annonce a été validée',
    rejectedMailSubject: 'Votre annonce n\u2019a pas été validée',
    mailGreeting: (name) => (name ? `Bonjour ${unlinkedText(name)},` : 'Bonjour,'),
    approvedMailBody: (title, link) =>
      `Bonne nouvelle : votre annonce « ${unlinkedText(title)} » a été validée et les locataires peuvent maintenant la voir.\n\n${link}`,
    rejectedMailBody: (title, feedback) =>
      `Votre annonce « ${unlinkedText(title)} » n\u2019a pas été validée.\n\nMotif : ${unlinkedText(feedback)}\n\nVous pouvez la corriger depuis Mes annonces et la publier à nouveau.`,
    mailSignature: 'Mboa Rentals',
  },
  report: {
    reasonRequired: 'Veuillez choisir le motif de votre signalement.',
    textRequired: 'Veuillez décrire le problème en quelques mots.',
    textTooLong: `Votre description doit compter au plus ${LIMITS.reports.textMax} caractères.`,
    created: 'Merci. Notre équipe va examiner cette annonce.',
    duplicate: 'Vous avez déjà signalé cette annonce.',
    ownListing: 'Vous ne pouvez pas signaler votre propre annonce.',
    tooMany: 'Vous avez envoyé beaucoup de signalements en peu de temps. Veuillez réessayer plus tard.',
    actionRequired: 'Veuillez choisir une action : deactivate ou ban-owner.',
    noOpenReports: 'Cette annonce n\u2019a aucun signalement en attente.',
    dismissed: 'Signalements classés sans suite',
    deactivated: 'Annonce désactivée et signalements clôturés',
    ownerBanned: 'Propriétaire banni et signalements clôturés',
    heldMailSubject: 'Votre annonce est suspendue le temps de la vérifier',
    heldMailBody: (title, link) =>
      `Plusieurs personnes ont signalé votre annonce « ${unlinkedText(title)} » comme une possible arnaque. Le temps que notre équipe la vérifie, elle n\u2019apparaît plus dans les recherches.\n\nS\u2019il s\u2019agit d\u2019une erreur, contactez-nous depuis la page Contact : l\u2019annonce revient dès que la vérification est terminée.\n\n${link}`,
  },
  booking: {
    created: 'Demande de contact enregistrée',
    failed: 'La demande de contact a échoué',
    ownerRequired: 'Les informations du propriétaire sont obligatoires',
    ownerIdRequired: 'Le propriétaire est obligatoire',
    ownerMismatch: 'Ce propriétaire ne correspond pas à cette annonce.',
    notAnOwner: 'Cette personne ne publie pas d\u2019annonces sur Mboa Rentals.',
    fallback: 'Un problème est survenu. Veuillez réessayer.',
  },
  request: {
    textRequired: '\u26A0\uFE0F Veuillez décrire le logement que vous recherchez.',
    whatsappRequired: '\u26A0\uFE0F Veuillez saisir votre numéro WhatsApp.',
    success: '\u2705 Votre demande a bien été envoyée ! Nous vous contacterons sur WhatsApp.',
    failure: '\u274C L\u2019envoi de la demande a échoué. Veuillez réessayer plus tard.',
    created: 'Demande envoyée avec succès',
    textTooLong: 'La description de la demande doit faire au plus 2000 caractères',
    notFound: 'Demande introuvable',
  },
  contact: {
    success: '\u2705 Votre message a bien été envoyé !',
    failure: '\u274C L\u2019envoi du message a échoué. Veuillez réessayer plus tard.',
    created: 'Message envoyé avec succès',
    ticketNotFound: 'Ticket introuvable',
    nameRequired: 'Le nom est obligatoire',
    emailRequired: 'L\u2019adresse e-mail est obligatoire',
    subjectRequired: 'L\u2019objet est obligatoire',
    messageRequired: 'Le message est obligatoire',
    invalidEmail: 'Veuillez saisir une adresse e-mail valide.',
    tooLong: 'Ce champ est trop long',
  },
  status: {
    sameStatus: 'Le nouveau statut doit être différent du statut actuel.',
    updated: 'Statut mis à jour avec succès',
  },
  toast: {
    propertyStatusUpdated: (status) =>
      `Le statut de l\u2019annonce est maintenant « ${STATUS_LABELS[status] ?? status} »`,
    statusUpdateFailed: 'La mise à jour du statut a échoué',
    propertyDeleted: 'Annonce supprimée avec succès',
    propertyDeletionFailed: 'La suppression de l\u2019annonce a échoué',
    userStatusUpdated: 'Statut de l\u2019utilisateur mis à jour avec succès',
    userStatusUpdateFailed: 'La mise à jour du statut de l\u2019utilisateur a échoué',
    adminPropertyStatusUpdated: 'Statut de l\u2019annonce mis à jour avec succès',
    adminPropertyStatusUpdateFailed: 'La mise à jour du statut de l\u2019annonce a échoué',
    requestStatusUpdated: 'Statut de la demande mis à jour avec succès',
    requestStatusUpdateError: 'Une erreur est survenue lors de la mise à jour du statut de la demande',
    supportStatusUpdated: 'Statut du ticket mis à jour avec succès',
    supportStatusUpdateFailed: 'La mise à jour du statut du ticket a échoué',
    supportStatusUpdateError: 'Erreur lors de la mise à jour du statut du ticket',
  },
  ui: {
    sidePanelHeading: 'Trouvez l\u2019espace qu\u2019il vous faut',
    joinAs: 'S\u2019inscrire en tant que...',
    createAccount: 'Créer un compte',
    signupSuccessTitle: 'Inscription réussie !',
    forgotPassword: 'Mot de passe oublié ?',
    resendCode: 'Renvoyer le code',
    postProperty: 'Publier une annonce',
    posting: 'Publication...',
    postAnother: 'Publier une autre annonce',
    viewProperty: 'Voir l\u2019annonce',
    postingNotAllowed: 'Publication non autorisée',
    verificationRequired: 'Vérification requise',
    verificationRequiredText:
      'Un administrateur vous contactera sur WhatsApp pour vous demander les justificatifs de propriété. Envoyez « Verify me » au numéro WhatsApp de notre support pour aller plus vite.',
    messageLandlord: 'Contacter le bailleur',
    proceedToMessage: 'Passer au message',
    viewMore: 'Voir plus',
    totalInitialPayment: 'Total à payer à l\u2019entrée',
    requestProperty: 'Demander un logement',
    clearAllFilters: 'Effacer tous les filtres',
    otherTown: 'Autre (précisez)',
    showing: (from, to, total) => `Affichage de ${from} à ${to} sur ${total}`,
    pageOf: (page, totalPages) => `Page ${page} sur ${totalPages}`,
  },
  whatsapp: {
    greeting: (title) =>
      `Bonjour, j\u2019ai vu votre annonce « ${title} » sur Mboa et j\u2019aimerais avoir plus d\u2019informations.`,
  },
  freshness: {
    confirmed: 'Disponibilité confirmée. Votre annonce reste visible pour les locataires.',
    linkInvalid: 'Ce lien de confirmation n\u2019est pas valide. Confirmez plutôt depuis Mes annonces.',
    linkUsed: 'Ce lien de confirmation a déjà été utilisé.',
    linkExpired: 'Ce lien de confirmation a expiré. Confirmez plutôt depuis Mes annonces.',
    reminderMailSubject: 'Votre annonce est-elle toujours disponible ?',
    reminderMailBody: (title, days, link, hiddenAfterDays, linkDays) =>
      `Vous avez confirmé il y a ${days} jours que votre annonce « ${unlinkedText(title)} » est disponible. Les locataires font confiance aux annonces tenues à jour ; une annonce non confirmée depuis ${hiddenAfterDays} jours n\u2019apparaît plus dans les recherches.\n\nSi le bien est toujours disponible, confirmez-le en un clic (sans mot de passe ; le lien ne sert qu\u2019une fois, pendant ${linkDays} jours) :\n${link}\n\nS\u2019il a été loué, indiquez-le depuis Mes annonces.`,
  },
  // Favoris (docs/api.md#favourites).
  favourites: {
    added: 'Ajoutée à vos favoris',
    removed: 'Retirée de vos favoris',
    tooMany: `Vous pouvez garder au plus ${LIMITS.favourites.maxPerUser} favoris. Retirez-en un pour en ajouter un autre.`,
    idsInvalid: 'Chaque identifiant doit être celui d\u2019une annonce.',
    tooManyIds: `Au plus ${LIMITS.favourites.maxIdsPerRequest} identifiants à la fois.`,
  },
  insights: {
    idsInvalid: 'Indiquez les identifiants de vos annonces (ids=…), séparés par des virgules.',
    tooManyIds: `Au plus ${LIMITS.insights.maxListings} annonces à la fois.`,
  },
  sessions: {
    notFound: 'Session introuvable. Elle a peut-être déjà pris fin.',
    ended: 'Déconnecté sur cet appareil',
    othersEnded: 'Déconnecté partout ailleurs',
  },
  savedSearches: {
    created: 'Recherche enregistrée. Nous vous préviendrons dès qu\u2019une nouvelle annonce y correspond.',
    updated: 'Recherche enregistrée modifiée',
    deleted: 'Recherche enregistrée supprimée',
    duplicate: 'Vous avez déjà enregistré cette recherche.',
    tooMany: `Vous pouvez garder au plus ${LIMITS.savedSearches.maxPerUser} recherches enregistrées. Supprimez-en une pour en ajouter une autre.`,
    notFound: 'Recherche enregistrée introuvable',
    frequencyInvalid: 'Choisissez des alertes immédiates ou un résumé quotidien.',
    nameRequired: 'Donnez un nom à la recherche.',
    nothingToChange: 'Indiquez un nouveau nom, une fréquence ou des filtres.',
    unsubscribeInvalid: 'Ce lien de désabonnement n\u2019est pas valide, ou la recherche a déjà été supprimée.',
    unsubscribedTitle: 'Désabonnement effectué',
  },
  personCheck: {
    checking: 'Nous vérifions que vous êtes une personne\u2026 (quelques secondes)',
    failed: 'Nous n\u2019avons pas pu vérifier que vous êtes une personne. Veuillez réessayer.',
  },
  page: {
    webTitle: 'Mboa Rentals – Logements et boutiques à louer au Cameroun',
    webDescription:
      'Trouvez maisons, chambres, appartements, boutiques et bureaux à louer au Cameroun et écrivez directement au bailleur sur WhatsApp. Gratuit, sans démarcheur.',
    webNoscript: 'Mboa Rentals a besoin de JavaScript pour afficher les annonces.',
    adminTitle: 'Mboa Rentals – Administration',
    adminNoscript: 'L\u2019espace d\u2019administration a besoin de JavaScript.',
    breadcrumbHome: 'Accueil',
    breadcrumbTown: (town: string) => `Locations à ${town}`,
  },
} satisfies Widen<Messages>;

/**
 * True when both catalogues have the same keys and every function the same parameter list (a
 * function taking fewer parameters is assignable in TypeScript, so `satisfies` alone would let a
 * dropped argument through).
 */
type SameShape<A, B> = A extends (...args: infer PA) => unknown
  ? B extends (...args: infer PB) => unknown
    ? [PA] extends [PB]
      ? [PB] extends [PA]
        ? true
        : false
      : false
    : false
  : A extends string
    ? B extends string
      ? true
      : false
    : A extends object
      ? B extends object
        ? [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never]
          ? { [K in keyof A & keyof B]: SameShape<A[K], B[K]> }[keyof A & keyof B]
          : false
        : false
      : false;

// A compile error here names a French text whose key or arguments differ from MESSAGES.
const sameShape: false extends SameShape<Messages, typeof MESSAGES_FR> ? never : true = true;
void sameShape;
