import { LIMITS } from '@mboa/contracts';
import { SITE } from '../config.js';

import type { pagesEn, StaticPage } from './en.pages.js';

/**
 * The static pages (FAQ, help, terms, privacy, about) in French as written in Cameroon, page for
 * page, section for section and paragraph for paragraph with en.pages.ts (pages.test.ts checks it),
 * so a reader who switches language finds the same place on the page. The facts and the values
 * taken from LIMITS and SITE are the English file's; button names in quotes are the French labels
 * shown on those buttons.
 */
const age = LIMITS.minimumAge;
const email = SITE.supportEmail;
const phone = SITE.phoneDisplay;

export const pagesFr: Record<keyof typeof pagesEn, StaticPage> = {
  faq: {
    title: 'Questions fréquentes',
    intro: 'Des réponses courtes aux questions que les locataires et les bailleurs nous posent le plus souvent.',
    sections: [
      {
        heading: 'Mboa Rentals est-il gratuit ?',
        paragraphs: [
          'Oui. Rechercher, consulter les annonces, contacter un bailleur et publier un bien : tout est gratuit. Pas de démarcheur, pas de commission : vous traitez directement avec le bailleur ou le gérant.',
        ],
      },
      {
        heading: 'Encaissez-vous le loyer ou la caution ?',
        paragraphs: [
          'Non. Mboa Rentals n’encaisse jamais de loyer, de caution ni aucun autre paiement. Tous les paiements se font directement entre le locataire et le bailleur. N’envoyez jamais d’argent à une personne qui prétend être payée par Mboa Rentals.',
        ],
      },
      {
        heading: 'Comment contacter un bailleur ?',
        paragraphs: [
          'Ouvrez une annonce et appuyez sur « Contacter le bailleur ». Après un court avertissement de sécurité, nous ouvrons WhatsApp avec un message qui mentionne le bien. Il vous faut pour cela un compte gratuit, afin que les bailleurs sachent qui leur écrit.',
        ],
      },
      {
        heading: 'Les annonces sont-elles vérifiées ?',
        paragraphs: [
          'Les bailleurs et les gérants sont vérifiés par notre équipe sur WhatsApp avant de pouvoir publier, et chaque nouvelle annonce est contrôlée avant d’apparaître dans les résultats de recherche. Nous ne pouvons pas pour autant garantir l’exactitude d’une annonce : visitez toujours le bien et rencontrez le bailleur avant de payer quoi que ce soit.',
        ],
      },
      {
        heading: 'Je ne trouve pas ce que je cherche. Que faire ?',
        paragraphs: [
          'Utilisez « Demander un logement » sur la page d’accueil. Indiquez-nous le type de bien, la ville et le budget que vous souhaitez ; nous le cherchons pour vous et vous contactons sur WhatsApp.',
        ],
      },
      {
        heading: 'Comment publier mon bien ?',
        paragraphs: [
          'Inscrivez-vous en tant que bailleur ou gérant. Notre équipe vous contacte sur WhatsApp pour vérifier votre compte (envoyer « Verify me » au numéro de notre support accélère les choses). Une fois votre compte vérifié, utilisez « Publier une annonce » : huit étapes courtes, avec jusqu’à 10 photos.',
        ],
      },
      {
        heading: 'Qui peut utiliser Mboa Rentals ?',
        paragraphs: [`Toute personne âgée de ${age} ans ou plus qui vit au Cameroun.`],
      },
    ],
  },
  help: {
    title: 'Centre d’aide',
    intro: 'Une aide pas à pas pour les opérations les plus courantes.',
    sections: [
      {
        heading: 'Rechercher un bien',
        paragraphs: [
          'Saisissez une ville, un quartier ou un type de bien dans la barre de recherche ; les résultats se mettent à jour pendant que vous tapez.',
          'Appuyez sur « Filtres » pour choisir une catégorie (résidentiel ou commercial), un type de bien, une ville, le nombre de pièces et une fourchette de prix, puis sur « Afficher les résultats ». Pour retirer un filtre, appuyez sur son étiquette, ou utilisez « Réinitialiser les filtres ».',
          'Faites défiler vers le bas pour afficher d’autres biens. En fin de liste, vous pouvez nous envoyer une demande de logement.',
        ],
      },
      {
        heading: 'Contacter un bailleur en toute sécurité',
        paragraphs: [
          'Connectez-vous, ouvrez l’annonce et appuyez sur « Contacter le bailleur », puis sur « Passer au message ». WhatsApp s’ouvre avec un message de salutation qui mentionne le bien.',
          'Visitez le bien et rencontrez le bailleur avant de payer quoi que ce soit. Mboa Rentals n’encaisse pas les loyers et ne garantit pas l’exactitude des annonces.',
        ],
      },
      {
        heading: 'Publier un bien (bailleurs et gérants)',
        paragraphs: [
          'Votre compte doit d’abord être vérifié. Ouvrez ensuite « Publier une annonce » et renseignez la catégorie, l’emplacement, les caractéristiques, le titre et la description, le prix et la périodicité de paiement, les équipements et les photos. Vérifiez l’aperçu, puis validez avec le bouton « Publier une annonce ».',
          'Les photos sont réduites sur votre téléphone avant l’envoi : la publication consomme donc peu de données mobiles. Votre annonce apparaît dans les résultats de recherche une fois validée par notre équipe.',
        ],
      },
      {
        heading: 'Gérer vos annonces',
        paragraphs: [
          'Dans « Mes annonces », vous pouvez marquer un bien comme loué ou de nouveau disponible, le désactiver, l’activer ou le supprimer. Les biens loués ou désactivés ne sont plus visibles par les locataires.',
        ],
      },
      {
        heading: 'Votre compte',
        paragraphs: [
          'Vous avez oublié votre mot de passe ? Utilisez « Mot de passe oublié ? » sur la page de connexion : nous vous envoyons un code par e-mail. Pour vous déconnecter, allez dans votre profil, rubrique « Avancé ».',
          `Le problème persiste ? Écrivez-nous à ${email} ou appelez le ${phone}.`,
        ],
      },
    ],
  },
  terms: {
    title: 'Conditions d’utilisation',
    intro: 'Les présentes conditions s’appliquent à toute personne qui utilise Mboa Rentals. En créant un compte, vous les acceptez.',
    updated: 'Dernière mise à jour : novembre 2026',
    sections: [
      {
        heading: '1. Présentation de Mboa Rentals',
        paragraphs: [
          'Mboa Rentals est une plateforme en ligne gratuite qui met les locataires en relation directe avec les bailleurs et les gérants de biens à louer au Cameroun. Nous ne sommes pas une agence immobilière, nous ne sommes partie à aucun contrat de bail, et aucun intermédiaire n’intervient.',
        ],
      },
      {
        heading: '2. Conditions d’accès',
        paragraphs: [`Pour créer un compte, vous devez être âgé d’au moins ${age} ans et résider au Cameroun.`],
      },
      {
        heading: '3. Aucun paiement par notre intermédiaire',
        paragraphs: [
          'Nous n’encaissons ni loyer, ni caution, ni frais d’aucune sorte. Tous les paiements se font directement entre le locataire et le bailleur, et nous n’en sommes pas responsables.',
        ],
      },
      {
        heading: '4. Annonces',
        paragraphs: [
          'Les bailleurs et les gérants sont vérifiés et les annonces sont contrôlées, mais nous ne garantissons ni l’exactitude d’une annonce, ni la disponibilité, le prix ou l’état du bien. Visitez toujours un bien avant de payer.',
          'Les bailleurs et les gérants ne peuvent publier que des biens qu’ils sont autorisés à mettre en location, avec des descriptions, des prix et des photos conformes à la réalité. Nous pouvons refuser, désactiver ou supprimer toute annonce.',
        ],
      },
      {
        heading: '5. Règles de conduite',
        paragraphs: [
          'Il est interdit de publier des contenus faux, trompeurs ou illicites, d’usurper l’identité d’autrui ou d’utiliser le service pour escroquer qui que ce soit. Nous pouvons suspendre ou bannir les comptes qui ne respectent pas les présentes conditions.',
        ],
      },
      {
        heading: '6. Responsabilité',
        paragraphs: [
          'Le service est fourni en l’état. Dans les limites permises par la loi, nous ne sommes pas responsables des pertes résultant des relations entre utilisateurs.',
        ],
      },
      {
        heading: '7. Nous contacter',
        paragraphs: [`Pour toute question sur les présentes conditions : ${email}.`],
      },
    ],
  },
  privacy: {
    title: 'Politique de confidentialité',
    intro: 'Ce que nous collectons, pourquoi, et les choix dont vous disposez.',
    updated: 'Dernière mise à jour : novembre 2026',
    sections: [
      {
        heading: 'Ce que nous collectons',
        paragraphs: [
          'Les informations de compte que vous nous fournissez : nom, adresse e-mail, numéro WhatsApp et rôle. Pour les bailleurs et les gérants, les annonces et les photos que vous publiez. Lorsque vous contactez un bailleur, nous enregistrons ce contact (qui, pour quel bien, quand). Les demandes et les messages que vous nous envoyez.',
        ],
      },
      {
        heading: 'Pourquoi',
        paragraphs: [
          'Pour faire fonctionner la plateforme : afficher les annonces, permettre aux locataires de joindre les bailleurs, vérifier les bailleurs, contrôler les annonces, répondre à vos demandes et protéger le service contre la fraude.',
        ],
      },
      {
        heading: 'Traitement des photos',
        paragraphs: [
          'Les photos sont redimensionnées, et les données cachées qu’elles contiennent, comme la position GPS, sont supprimées avant leur publication.',
        ],
      },
      {
        heading: 'Qui voit vos données',
        paragraphs: [
          'Le nom et le numéro WhatsApp d’un bailleur servent à permettre aux locataires de le contacter. Nous ne vendons pas vos données. Notre équipe n’a accès qu’à ce dont elle a besoin pour vérifier les comptes et contrôler les annonces.',
        ],
      },
      {
        heading: 'Utilisation des cookies',
        paragraphs: ['Nous utilisons un seul cookie, pour garder votre session ouverte. Aucun traceur publicitaire.'],
      },
      {
        heading: 'Vos choix',
        paragraphs: [`Pour consulter, corriger ou supprimer vos données, écrivez à ${email}.`],
      },
    ],
  },
  about: {
    title: 'À propos de Mboa Rentals',
    intro: 'Trouver une chambre, une maison ou une boutique au Cameroun ne devrait pas obliger à payer un démarcheur ni à faire le tour des quartiers à pied.',
    sections: [
      {
        heading: 'Ce que nous faisons',
        paragraphs: [
          'Mboa Rentals met les locataires en relation directe avec les bailleurs et les gérants partout au Cameroun, de Douala et Yaoundé à Buea, Limbe, Bamenda et au-delà. Les locataires cherchent gratuitement et écrivent aux bailleurs sur WhatsApp ; les bailleurs publient leurs biens gratuitement.',
        ],
      },
      {
        heading: 'Une plateforme digne de confiance',
        paragraphs: [
          'Notre équipe vérifie les bailleurs et les gérants sur WhatsApp et contrôle chaque annonce avant sa mise en ligne. Nous n’encaissons pas les loyers et ne pouvons pas garantir chaque annonce : c’est pourquoi nous demandons à chacun de visiter avant de payer.',
        ],
      },
      {
        heading: 'Pensé pour le téléphone',
        paragraphs: [
          'Le site est conçu pour être léger et rapide en connexion mobile, car c’est ainsi que la plupart de nos utilisateurs naviguent.',
        ],
      },
      {
        heading: 'Où nous trouver',
        paragraphs: [`${SITE.location}, Cameroun. ${phone} · ${email}`],
      },
    ],
  },
};
