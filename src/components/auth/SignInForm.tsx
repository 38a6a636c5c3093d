import { useSetAtom } from 'jotai/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import { Form, type FormSubmission } from '../../forms/Form';
import { isAbortError } from '../../lib/api-error';
import { trackLoyaltyEventLater } from '../../lib/analytics/track-later';
import { signInAtom } from '../../state/sign-in';
import { useActionTexts } from './texts';
import { useAuthHostEffects } from './useAuthHostEffects';

/** Props of {@link SignInForm}. */
export interface SignInFormProps {
  settings: LoyaltySettings;
  /** Shown inside the form before its submit button (the forgot-password link). */
  children?: ReactNode;
}

/**
 * The e-mail sign-in form of the configured `SIGNIN.form`. A failure shows in the panel's message area (the
 * store's message) with every typed value kept; a success does the host's part (events, then navigation).
 */
export function SignInForm({ settings, children }: SignInFormProps) {
  const { t } = useTranslation();
  const signIn = useSetAtom(signInAtom);
  const texts = useActionTexts();
  const { afterLogin } = useAuthHostEffects();

  async function submit(payload: FormSubmission) {
    const outcome = await signIn({ email: payload.email ?? '', password: payload.password ?? '' }, texts);
    if (!outcome.ok) {
      // A sign-in a later action replaced did not fail: nothing to track.
      if (!isAbortError(outcome.error)) void trackLoyaltyEventLater('signin_error');
      return;
    }
    // Before the page navigates, or the event may leave with it.
    await trackLoyaltyEventLater('signin_sucess');
    afterLogin(outcome.userName ?? '');
  }

  return (
    <Form fields={settings.SIGNIN?.form ?? []} onSubmit={submit} submitLabel={t('auth.signInSubmit')} label={t('auth.signInTitle')}>
      {children}
    </Form>
  );
}
