import { selectCatalog, type Widen } from '@mboa/web-core';
import { en } from './en.js';

/** Every language's catalog has the English one's shape (`fr.ts` comes as a second entry). */
export type Catalog = Widen<typeof en>;

/** The active catalog, chosen by the shared entry point (@mboa/web-core). */
export const t: Catalog = selectCatalog<Catalog>({ en });
