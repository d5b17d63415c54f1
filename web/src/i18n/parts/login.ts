import { addTexts } from '@mboa/web-core';
import { loginEn } from './login.en.js';
import { loginFr } from './login.fr.js';

// Imported by the code that shows these texts, so they download with it (see ./index.ts).
addTexts({ en: loginEn, fr: loginFr });
