import { LIMITS, type Widen } from '@mboa/contracts';

/** signup: a catalog part (see ./index.ts), English. */
export const signupEn = {
  signup: {
    chooseRoleHint: 'Choose how you will use Mboa Rentals.',
    roles: {
      renter: { title: 'Renter', text: 'I am looking for a room, house or shop to rent.' },
      // The landlord and caretaker descriptions stay swapped, as the original product has them.
      landlord: { title: 'Landlord', text: 'I manage properties on behalf of their owners.' },
      caretaker: { title: 'Caretaker', text: 'I own properties and want to rent them out.' },
    },
    haveAccount: 'Already have an account?',
    loginLink: 'Log in',
    name: 'Full name',
    email: 'Email',
    whatsapp: 'WhatsApp number',
    whatsappHint: `${LIMITS.whatsappDigits} digits, without +237`,
    password: 'Password',
    passwordHint: `At least ${LIMITS.password.minLength} characters`,
    agreePrefix: 'I agree to the ',
    agreeTerms: 'Terms of Service',
    agreeAnd: ' and ',
    agreePrivacy: 'Privacy Policy',
    submit: 'Sign Up',
    submitting: 'Signing up…',
    joiningAs: 'Joining as {{role}}',
    welcome: 'Welcome, {{name}}!',
    ownerNext: 'Our team will contact you on WhatsApp to verify your account before you can post properties.',
    renterNext: 'You can start browsing properties right away.',
    continue: 'Continue',
  },
};

export type SignupTexts = Widen<typeof signupEn>;
