/** The apps' own message catalogs: tests look for exactly what people see. */
export { en } from '../../web/src/i18n/en.js';
