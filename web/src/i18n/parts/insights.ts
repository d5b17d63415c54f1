import { addTexts } from '@mboa/web-core';
import { insightsEn } from './insights.en.js';
import { insightsFr } from './insights.fr.js';

// Imported by the code that shows these texts, so they download with it (see ./index.ts).
addTexts({ en: insightsEn, fr: insightsFr });
