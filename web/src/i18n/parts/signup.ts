import { addTexts } from '@mboa/web-core';
import { signupEn } from './signup.en.js';
import { signupFr } from './signup.fr.js';

// Imported by the code that shows these texts, so they download with it (see ./index.ts).
addTexts({ en: signupEn, fr: signupFr });
