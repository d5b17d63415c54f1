import { LIMITS } from '@mboa/contracts';
import { SITE } from '../config.js';

import type { pagesEn, StaticPage } from './en.pages.js';

/**
 * PLACEHOLDER (being translated into French): the static pages (FAQ, help, terms, privacy, about)
 * in French, of the English file's shape.
 */
const age = LIMITS.minimumAge;
const email = SITE.supportEmail;
const phone = SITE.phoneDisplay;

export const pagesFr: Record<keyof typeof pagesEn, StaticPage> = {
  faq: {
    title: 'Frequently asked questions',
    intro: 'Short answers to what renters and landlords ask us most.',
    sections: [
      {
        heading: 'Is Mboa Rentals free?',
        paragraphs: [
          'Yes. Searching, viewing listings, contacting a landlord and posting a property are all free. There is no agent and no agent fee: you deal directly with the landlord or caretaker.',
        ],
      },
      {
        heading: 'Do you collect rent or deposits?',
        paragraphs: [
          'No. Mboa Rentals never collects rent, caution (deposit) or any other payment. Every payment is made directly between the renter and the landlord. Never send money to anyone who says they are paid by Mboa Rentals.',
        ],
      },
      {
        heading: 'How do I contact a landlord?',
        paragraphs: [
          'Open a property and tap “Message Landlord”. After a short safety notice we open WhatsApp with a message that names the property. You need a free account to do this, so that landlords know who is writing.',
        ],
      },
      {
        heading: 'Are listings checked?',
        paragraphs: [
          'Landlords and caretakers are verified by our team over WhatsApp before they can post, and every new listing is reviewed before it appears in search. We still cannot guarantee that a listing is accurate: always visit the property and meet the landlord before paying anything.',
        ],
      },
      {
        heading: 'I cannot find what I need. What can I do?',
        paragraphs: [
          'Use “Request a Property” on the home page. Tell us the type, town and budget you want; we look for it and contact you on WhatsApp.',
        ],
      },
      {
        heading: 'How do I post my property?',
        paragraphs: [
          'Sign up as a landlord or caretaker. Our team contacts you on WhatsApp to verify your account (sending “Verify me” to our support number speeds this up). Once verified, use “Post property”: eight short steps, with up to 10 photos.',
        ],
      },
      {
        heading: 'Who can use Mboa Rentals?',
        paragraphs: [`Anyone aged ${age} or older who lives in Cameroon.`],
      },
    ],
  },
  help: {
    title: 'Help Center',
    intro: 'Step-by-step help for the most common tasks.',
    sections: [
      {
        heading: 'Searching for a property',
        paragraphs: [
          'Type a town, neighbourhood or kind of property in the search box; results update as you type.',
          'Tap “Filters” to choose a category (residential or commercial), a property type, a town, the number of rooms and a price range, then “Show Results”. Remove a filter by tapping its chip, or use “Reset Filters”.',
          'Scroll down to load more properties. When you reach the end, you can send us a property request.',
        ],
      },
      {
        heading: 'Contacting a landlord safely',
        paragraphs: [
          'Log in, open the property and tap “Message Landlord”, then “Proceed to Message”. WhatsApp opens with a greeting naming the property.',
          'Visit the property and meet the landlord before paying anything. Mboa Rentals does not collect rent and does not guarantee listing accuracy.',
        ],
      },
      {
        heading: 'Posting a property (landlords and caretakers)',
        paragraphs: [
          'Your account must be verified first. Then open “Post property” and fill in the category, location, specifications, title and description, price and payment term, amenities and photos. Check the preview and tap “Post Property”.',
          'Photos are made smaller on your phone before they are sent, so posting uses little data. Your listing appears in search after our team has reviewed it.',
        ],
      },
      {
        heading: 'Managing your listings',
        paragraphs: [
          'In “My Listings” you can mark a property as rented or available again, deactivate it, activate it, or delete it. Rented and deactivated properties are hidden from renters.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'Forgot your password? Use “Forgot password?” on the login page: we email you a code. You can log out from your profile under “Advanced”.',
          `Still stuck? Write to ${email} or call ${phone}.`,
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    intro: 'These terms apply to everyone who uses Mboa Rentals. By creating an account you accept them.',
    updated: 'Last updated: November 2026',
    sections: [
      {
        heading: '1. What Mboa Rentals is',
        paragraphs: [
          'Mboa Rentals is a free online marketplace that puts renters in direct contact with landlords and caretakers of properties for rent in Cameroon. We are not an estate agent, we are not a party to any rental agreement, and no agent is involved.',
        ],
      },
      {
        heading: '2. Who may use it',
        paragraphs: [`You must be at least ${age} years old and reside in Cameroon to create an account.`],
      },
      {
        heading: '3. No payments through us',
        paragraphs: [
          'We do not collect rent, deposits (caution) or fees of any kind. All payments happen directly between renter and landlord, and we are not responsible for them.',
        ],
      },
      {
        heading: '4. Listings',
        paragraphs: [
          'Landlords and caretakers are verified and listings are reviewed, but we do not guarantee the accuracy of any listing, its availability, its price or its condition. Always visit a property before paying.',
          'Landlords and caretakers must only post properties they are allowed to rent out, with true descriptions, prices and photos. We may refuse, deactivate or remove any listing.',
        ],
      },
      {
        heading: '5. Your conduct',
        paragraphs: [
          'Do not post false, misleading or illegal content, impersonate others, or use the service to defraud anyone. We may suspend or ban accounts that break these terms.',
        ],
      },
      {
        heading: '6. Liability',
        paragraphs: [
          'The service is provided as is. To the extent the law allows, we are not liable for losses arising from dealings between users.',
        ],
      },
      {
        heading: '7. Contact',
        paragraphs: [`Questions about these terms: ${email}.`],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    intro: 'What we collect, why, and what you can do about it.',
    updated: 'Last updated: November 2026',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Account details you give us: name, email, WhatsApp number and role. For landlords and caretakers, the listings and photos you post. When you message a landlord, we record that contact (who, which property, when). Requests and messages you send us.',
        ],
      },
      {
        heading: 'Why',
        paragraphs: [
          'To run the marketplace: show listings, let renters reach landlords, verify landlords, review listings, answer your requests and keep the service safe from fraud.',
        ],
      },
      {
        heading: 'Photos',
        paragraphs: ['Photos are resized, and hidden data such as GPS location is removed from them before they are published.'],
      },
      {
        heading: 'Who sees your data',
        paragraphs: [
          'A landlord’s name and WhatsApp number are used to let renters contact them. We do not sell your data. Our staff see what they need to verify accounts and review listings.',
        ],
      },
      {
        heading: 'Cookies',
        paragraphs: ['We use one cookie to keep you signed in. No advertising trackers.'],
      },
      {
        heading: 'Your choices',
        paragraphs: [`To see, correct or delete your data, write to ${email}.`],
      },
    ],
  },
  about: {
    title: 'About Mboa Rentals',
    intro: 'Finding a room, a house or a shop in Cameroon should not mean paying an agent or walking from street to street.',
    sections: [
      {
        heading: 'What we do',
        paragraphs: [
          'Mboa Rentals connects renters directly with landlords and caretakers across Cameroon, from Douala and Yaounde to Buea, Limbe, Bamenda and beyond. Renters search for free and message landlords on WhatsApp; landlords post their properties for free.',
        ],
      },
      {
        heading: 'How we keep it trustworthy',
        paragraphs: [
          'Our team verifies landlords and caretakers over WhatsApp and reviews each listing before it goes live. We do not collect rent and cannot guarantee every listing, so we ask everyone to visit before paying.',
        ],
      },
      {
        heading: 'Built for phones',
        paragraphs: ['The site is made to be light and quick on mobile data, because that is how most of our users browse.'],
      },
      {
        heading: 'Where we are',
        paragraphs: [`${SITE.location}, Cameroon. ${phone} · ${email}`],
      },
    ],
  },
};
