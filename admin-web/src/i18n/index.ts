import { startI18n, type Widen } from '@mboa/web-core';
import { en } from './en.js';
import { fr } from './fr.js';

/** Every language's catalog has the English one's shape. */
export type Catalog = Widen<typeof en>;

/** The app's i18next instance: components read it through `useI18n()` (@mboa/web-core). */
export const i18n = startI18n<Catalog>({ en, fr });
