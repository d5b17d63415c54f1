import { en, type Catalog } from '../en.js';
import { fr } from '../fr.js';
import { contactEn, type ContactTexts } from './contact.en.js';
import { contactFr } from './contact.fr.js';
import { favouritesEn, type FavouritesTexts } from './favourites.en.js';
import { favouritesFr } from './favourites.fr.js';
import { insightsEn, type InsightsTexts } from './insights.en.js';
import { insightsFr } from './insights.fr.js';
import { listingsEn, type ListingsTexts } from './listings.en.js';
import { listingsFr } from './listings.fr.js';
import { loginEn, type LoginTexts } from './login.en.js';
import { loginFr } from './login.fr.js';
import { mapEn, type MapTexts } from './map.en.js';
import { mapFr } from './map.fr.js';
import { postEn, type PostTexts } from './post.en.js';
import { postFr } from './post.fr.js';
import { profileEn, type ProfileTexts } from './profile.en.js';
import { profileFr } from './profile.fr.js';
import { requestEn, type RequestTexts } from './request.en.js';
import { requestFr } from './request.fr.js';
import { savedSearchesEn, type SavedSearchesTexts } from './savedSearches.en.js';
import { savedSearchesFr } from './savedSearches.fr.js';
import { signupEn, type SignupTexts } from './signup.en.js';
import { signupFr } from './signup.fr.js';
import { verificationEn, type VerificationTexts } from './verification.en.js';
import { verificationFr } from './verification.fr.js';

/*
 * Catalog parts (issue 28: a first visit pays for no map text). The catalog every visit downloads
 * (../en.ts, ../fr.ts) holds the texts of the first screens; texts that only lazily loaded code
 * shows travel with that code, both languages together (a few hundred bytes each):
 *   contact       the contact page and the contact block of the static pages (pages/Contact, pages/static/StaticPageView)
 *   favourites    the Favourites page (pages/Favourites; the heart's own texts stay in the first catalog)
 *   insights      the owner's views and contacts in My Listings, and their chart (insights/*)
 *   listings      My Listings (pages/MyListings, post/AddPhotosButton)
 *   login         the log-in and password reset pages and their password field (pages/Login, pages/ResetPassword, auth/PasswordInput)
 *   map           the wizard's pin picker, the home map, the Near-a-place list (map/*, post/steps/PreviewStep)
 *   post          the listing wizard (pages/PostProperty and post/*)
 *   profile       the profile's WhatsApp number and sessions sections (whatsapp/, sessions/)
 *   request       the "Request a Property" form, loaded on the tap that opens it (shell/RequestModal)
 *   savedSearches the profile's list of saved searches (saved-searches/SavedSearchesSection; saving one stays)
 *   signup        the sign-up page
 *   verification  the verification page
 * Each `<part>.ts` hands its texts to web-core's `addTexts` when the code that imports it loads;
 * `t('map.addPin')` then finds them under their usual keys. This file is for whatever needs every
 * text at once (the parity tests, the browser tests), never for the client: the server's renderer
 * gets a part as the browser does, from the route module it draws (a static page's contact block).
 */

/** Every key `t` accepts in this app: the first catalog and every part (./app-texts.d.ts). */
export type AppCatalog = Catalog & ContactTexts & FavouritesTexts & InsightsTexts & ListingsTexts & LoginTexts & MapTexts & PostTexts & ProfileTexts & RequestTexts & SavedSearchesTexts & SignupTexts & VerificationTexts;

/** Each part in English and French, by name. */
export const PARTS = {
  contact: { en: contactEn, fr: contactFr },
  favourites: { en: favouritesEn, fr: favouritesFr },
  insights: { en: insightsEn, fr: insightsFr },
  listings: { en: listingsEn, fr: listingsFr },
  login: { en: loginEn, fr: loginFr },
  map: { en: mapEn, fr: mapFr },
  post: { en: postEn, fr: postFr },
  profile: { en: profileEn, fr: profileFr },
  request: { en: requestEn, fr: requestFr },
  savedSearches: { en: savedSearchesEn, fr: savedSearchesFr },
  signup: { en: signupEn, fr: signupFr },
  verification: { en: verificationEn, fr: verificationFr },
} as const;

/**
 * A catalog with every part laid over it, group by group (as web-core's `addTexts` does in the app;
 * no web-core import here, so the browser tests can read this file too). Parts only add texts
 * (catalogs.test.ts checks that none repeats one), so each group is the union of the two.
 */
function withParts(catalog: object, language: 'en' | 'fr'): AppCatalog {
  const all: Record<string, unknown> = { ...catalog };
  for (const part of Object.values(PARTS)) {
    for (const [group, texts] of Object.entries(part[language])) all[group] = { ...(all[group] as object | undefined), ...(texts as object) };
  }
  return all as AppCatalog;
}

/** Every English text of the app: the catalog with all its parts. */
export const enAll: AppCatalog = withParts(en, 'en');
/** Every French text of the app. */
export const frAll: AppCatalog = withParts(fr, 'fr');
