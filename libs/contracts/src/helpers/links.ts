import { COUNTRY_DIALING_PREFIX } from '../locale.js';
import { LIMITS } from '../limits.js';
import { MESSAGES } from '../messages.js';

/** '674000000', '+237 674 000 000', '237674000000' → '237674000000'. */
export function internationalWhatsapp(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.length === LIMITS.whatsappDigits) return `${COUNTRY_DIALING_PREFIX}${digits}`;
  return digits;
}

/** https://wa.me/237XXXXXXXXX?text=... */
export function whatsappLink(number: string, text?: string): string {
  const base = `https://wa.me/${internationalWhatsapp(number)}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/** The chat a renter opens after a booking, greeting the owner with the property's title. */
export function contactOwnerLink(ownerWhatsapp: string, propertyTitle: string): string {
  return whatsappLink(ownerWhatsapp, MESSAGES.whatsapp.greeting(propertyTitle));
}

export function propertyDetailsPath(id: string): string {
  return `/property-details/${encodeURIComponent(id)}`;
}

/** Share targets of the detail page's share dialog. */
export function shareLinks(url: string, title: string): { whatsapp: string; telegram: string; facebook: string; copy: string } {
  const u = encodeURIComponent(url);
  const text = `${title} ${url}`;
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(text)}`,
    telegram: `https://t.me/share/url?url=${u}&text=${encodeURIComponent(title)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    copy: url,
  };
}
