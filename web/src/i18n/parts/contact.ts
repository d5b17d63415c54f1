import { addTexts } from '@mboa/web-core';
import { contactEn } from './contact.en.js';
import { contactFr } from './contact.fr.js';

// Imported by the code that shows these texts, so they download with it (see ./index.ts).
addTexts({ en: contactEn, fr: contactFr });
