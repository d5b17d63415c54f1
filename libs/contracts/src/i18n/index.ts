export * from './language.js';
export * from './format.js';
export * from './labels.js';
export * from './labels.fr.js';
export * from './translate.js';
export * from './saved-search-texts.js';
