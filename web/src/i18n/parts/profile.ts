import { addTexts } from '@mboa/web-core';
import { profileEn } from './profile.en.js';
import { profileFr } from './profile.fr.js';

// Imported by the code that shows these texts, so they download with it (see ./index.ts).
addTexts({ en: profileEn, fr: profileFr });
