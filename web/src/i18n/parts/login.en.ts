import type { Widen } from '@mboa/contracts';

/** login: a catalog part (see ./index.ts), English. */
export const loginEn = {
  login: {
    title: 'Welcome back',
    subtitle: 'Log in to your account',
    email: 'Email',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    show: 'Show',
    hide: 'Hide',
    rememberMe: 'Remember me',
    submit: 'Log in',
    submitting: 'Logging in…',
    noAccount: "Don't have an account?",
    signupLink: 'Sign up',
    backHome: '← Back to home',
  },
  reset: {
    title: 'Reset your password',
    stepEmail: 'Enter the email of your account and we will send you a code.',
    stepCode: 'Enter the code we sent to {{email}}.',
    stepPassword: 'Choose a new password.',
    email: 'Email',
    code: 'Reset code',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    sendCode: 'Send Code',
    verifyCode: 'Verify Code',
    savePassword: 'Reset Password',
    resendIn: 'You can ask for a new code in {{seconds}} s',
    backToLogin: '← Back to login',
    stepOf: 'Step {{step}} of {{total}}',
  },
};

export type LoginTexts = Widen<typeof loginEn>;
