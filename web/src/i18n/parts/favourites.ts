import { addTexts } from '@mboa/web-core';
import { favouritesEn } from './favourites.en.js';
import { favouritesFr } from './favourites.fr.js';

// Imported by the code that shows these texts, so they download with it (see ./index.ts).
addTexts({ en: favouritesEn, fr: favouritesFr });
