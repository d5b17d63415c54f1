export const DEFAULT_COUNTRY = 'Cameroon';
export const COUNTRY_DIALING_PREFIX = '237';
/** Shown on listings. */
export const CURRENCY_LABEL = 'FCFA';
/** Shown in the admin area. */
export const ADMIN_CURRENCY_LABEL = 'XAF';
export const CURRENCY_CODE = 'XAF';
export const SIZE_UNIT = 'm²';
export const WHATSAPP_PLACEHOLDER = '674xxxxxx';
