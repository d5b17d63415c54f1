/**
 * Public contact facts shown on /contact, /terms, /privacy and in the verification hint.
 * One place, so the numbers are never written twice; a deployment may override them at build time.
 */
const env = import.meta.env;

export const SITE = {
  name: 'Mboa Rentals',
  location: 'Half Mile, Limbe',
  /** Shown to people. */
  phoneDisplay: (env.VITE_SUPPORT_PHONE_DISPLAY as string | undefined) ?? '+237 650 000 000',
  /** For tel: links. */
  phoneHref: (env.VITE_SUPPORT_PHONE_HREF as string | undefined) ?? '+237650000000',
  /** The 9-digit support WhatsApp number (the country prefix is added by whatsappLink). */
  supportWhatsapp: (env.VITE_SUPPORT_WHATSAPP as string | undefined) ?? '650000000',
  supportEmail: (env.VITE_SUPPORT_EMAIL as string | undefined) ?? 'support@mboa-rentals.cm',
  /** The admin web app is a separate application served under /admin/. */
  adminUrl: '/admin/',
} as const;
