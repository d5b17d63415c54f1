import { addTexts } from '@mboa/web-core';
import { savedSearchesEn } from './savedSearches.en.js';
import { savedSearchesFr } from './savedSearches.fr.js';

// Imported by the code that shows these texts, so they download with it (see ./index.ts).
addTexts({ en: savedSearchesEn, fr: savedSearchesFr });
