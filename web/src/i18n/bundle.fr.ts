import { MESSAGES_FR } from '@mboa/contracts';
import type { LanguageBundle } from '@mboa/web-core';
import type { Catalog } from './en.js';
import { fr } from './fr.js';

/** Everything French needs, loaded only when French is shown (./index.ts). */
export const bundle: LanguageBundle<Catalog> = { catalog: fr, messages: MESSAGES_FR };
