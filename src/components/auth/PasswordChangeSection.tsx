import { useAtomValue, useSetAtom } from 'jotai/react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import { Form, FormSubmitError, type FormSubmission } from '../../forms/Form';
import { trackLoyaltyEvent } from '../../lib/analytics/track';
import { changePasswordAtom } from '../../state/password';
import { configAtom } from '../../state/store';
import { AuthSectionLayout } from './AuthSectionLayout';
import { usePasswordChangeFields } from './fields';
import { useActionTexts } from './texts';
import { useAuthHostEffects } from './useAuthHostEffects';

/**
 * PASS_RECOVERY_CHANGE: the new password twice, with the mailed uid and token of the page's `data-token-uid`
 * and `data-token-password` (docs/loyalty-widget.md "Sections": both passwords equal and uid and token present, else the configured
 * error). It submits on mount (docs/forms-and-consent.md "`<Form>`"): with new passwords carried to the section (`carriedValuesAtom`)
 * the change goes out at once; with none, nothing happens until the guest types them.
 */
export function PasswordChangeSection({ settings }: { settings: LoyaltySettings }) {
  const { t } = useTranslation();
  const { tokenUID, tokenPassword } = useAtomValue(configAtom);
  const changePassword = useSetAtom(changePasswordAtom);
  const texts = useActionTexts();
  const fields = usePasswordChangeFields(settings);
  const { afterLogin } = useAuthHostEffects();

  async function submit(payload: FormSubmission) {
    if (!tokenUID.trim() || !tokenPassword.trim()) {
      throw new FormSubmitError(settings.ERRORS?.token || t('auth.tokenMissing'));
    }
    if (payload.password !== payload.password2) {
      throw new FormSubmitError(settings.ERRORS?.passwordsNotEqual || t('auth.passwordsNotEqual'));
    }
    // Tracked when a change is sent, not for a submission the checks above refused.
    void trackLoyaltyEvent('pass_recovery_change');
    const outcome = await changePassword({ uid: tokenUID, token: tokenPassword, password: payload.password ?? '' }, texts);
    if (!outcome.ok) return;
    void trackLoyaltyEvent('pass_recovery_sucesss');
    // Signed in by the change: as after a sign-in, the events, then the page goes on (the change page to its
    // login address, the page the recovery started from: docs/bookcore-contract.md "Back where the guest started").
    if (outcome.signedIn) afterLogin(outcome.userName ?? '');
  }

  return (
    <AuthSectionLayout name="PASS_RECOVERY_CHANGE" title={t('auth.changeTitle')}>
      <Form
        fields={fields}
        onSubmit={submit}
        submitOnMount
        passwordPurpose="new-password"
        submitLabel={t('auth.changeSubmit')}
        label={t('auth.changeTitle')}
      />
    </AuthSectionLayout>
  );
}
