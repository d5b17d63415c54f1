export const DEFAULT_COUNTRY = 'Cameroon';
/** ISO 3166-1 alpha-2 code of the one country the product serves (structured data for search engines). */
export const COUNTRY_CODE = 'CM';
/** The product's name as a site (search engines' site name, link previews). */
export const SITE_NAME = 'Mboa Rentals';
export const COUNTRY_DIALING_PREFIX = '237';
/** Shown on listings. */
export const CURRENCY_LABEL = 'FCFA';
/** Shown in the admin area. */
export const ADMIN_CURRENCY_LABEL = 'XAF';
export const CURRENCY_CODE = 'XAF';
export const SIZE_UNIT = 'm²';
export const WHATSAPP_PLACEHOLDER = '674xxxxxx';
