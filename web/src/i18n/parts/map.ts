import { addTexts } from '@mboa/web-core';
import { mapEn } from './map.en.js';
import { mapFr } from './map.fr.js';

// Imported by the code that shows these texts, so they download with it (see ./index.ts).
addTexts({ en: mapEn, fr: mapFr });
