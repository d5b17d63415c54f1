import { addTexts } from '@mboa/web-core';
import { requestEn } from './request.en.js';
import { requestFr } from './request.fr.js';

// Imported by the code that shows these texts, so they download with it (see ./index.ts).
addTexts({ en: requestEn, fr: requestFr });
