import { addTexts } from '@mboa/web-core';
import { postEn } from './post.en.js';
import { postFr } from './post.fr.js';

// Imported by the code that shows these texts, so they download with it (see ./index.ts).
addTexts({ en: postEn, fr: postFr });
