import { MESSAGES } from '@mboa/contracts';
import type { LanguageBundle } from '@mboa/web-core';
import { en, type Catalog } from './en.js';

/** Everything English needs, loaded only when English is shown (./index.ts). */
export const bundle: LanguageBundle<Catalog> = { catalog: en, messages: MESSAGES };
