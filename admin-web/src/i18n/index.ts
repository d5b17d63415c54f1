import { startI18n } from '@mboa/web-core';
import { en, type Catalog } from './en.js';
import { fr } from './fr.js';

export type { Catalog };

/** The app's i18next instance: components read it through `useI18n()` (@mboa/web-core). */
export const i18n = startI18n<Catalog>({ en, fr });
