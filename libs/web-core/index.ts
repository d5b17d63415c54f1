export * from './api.js';
export { useCheckingPerson } from './person-check.js';
export * from './i18n.js';
export * from './query.js';
export * from './LanguageSwitch.js';
export * from './language-on-profile.js';
export * from './translate.js';
