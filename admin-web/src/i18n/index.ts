import { en } from './en.js';

/** Literal texts widened to string, so another language can fill the same shape (`fr.ts`). */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Widen<R>
    : T extends readonly (infer U)[]
      ? readonly Widen<U>[]
      : T extends object
        ? { readonly [K in keyof T]: Widen<T[K]> }
        : T;

export type Catalog = Widen<typeof en>;

/** The active catalog. English only for now; a second language plugs in here. */
export const t: Catalog = en;
