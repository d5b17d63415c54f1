import { addTexts } from '@mboa/web-core';
import { verificationEn } from './verification.en.js';
import { verificationFr } from './verification.fr.js';

// Imported by the code that shows these texts, so they download with it (see ./index.ts).
addTexts({ en: verificationEn, fr: verificationFr });
