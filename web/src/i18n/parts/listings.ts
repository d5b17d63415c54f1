import { addTexts } from '@mboa/web-core';
import { listingsEn } from './listings.en.js';
import { listingsFr } from './listings.fr.js';

// Imported by the code that shows these texts, so they download with it (see ./index.ts).
addTexts({ en: listingsEn, fr: listingsFr });
