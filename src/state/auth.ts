/**
 * Every auth action of the guest (SPEC.md §4) in one import, for tests and callers that want them all. Components
 * import the module of the action they run, so each action loads with the section that offers it.
 */
export { afterSignIn, signInAtom, type ActionTexts, type AuthOutcome } from './sign-in';
export { signUpAtom } from './sign-up';
export { changePasswordAtom, requestRecoveryAtom } from './password';
export { signOutAtom } from './sign-out';
export { confirmSocialConsentAtom, socialSignInAtom, type SocialTexts } from './social-sign-in';
