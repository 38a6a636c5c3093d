import { useSetAtom, useStore } from 'jotai/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoyaltySettings } from '../../api/loyalty.schemas';
import { Form, type FormRefusal, type FormSubmission } from '../../forms/Form';
import { guestText, isAbortError } from '../../lib/api-error';
import { trackLoyaltyEvent } from '../../lib/analytics/track';
import { settledWithin } from '../../lib/optional-wait';
import { carriedValuesAtom } from '../../state/session';
import { signInAtom } from '../../state/sign-in';
import { useFormDraft } from './form-drafts';
import { useActionTexts } from './texts';
import { useAuthHostEffects } from './useAuthHostEffects';

const NO_FIELDS: readonly unknown[] = [];

/** Props of {@link SignInForm}. */
export interface SignInFormProps {
  settings: LoyaltySettings;
  /** The section it stands in, which names its draft (SIGNIN's and PASS_RECOVERY_SUCCESS's are two forms). */
  section?: 'SIGNIN' | 'PASS_RECOVERY_SUCCESS';
  /** Shown inside the form before its submit button (the forgot-password link). */
  children?: ReactNode;
}

/**
 * The e-mail sign-in form of the configured `SIGNIN.form`. A failure shows in the panel's message area (the
 * store's message) with every typed value kept; a refusal by bookcore (its own text: wrong password, unknown
 * e-mail) also marks the fields invalid with that text under the password, which takes focus
 * (docs/loyalty-widget.md "Messages"). A success does the host's part (events, then navigation). The
 * e-mail and password typed stay, in memory, when the modal closes or the guest follows a link (useFormDraft).
 */
export function SignInForm({ settings, section = 'SIGNIN', children }: SignInFormProps) {
  const { t } = useTranslation();
  const signIn = useSetAtom(signInAtom);
  const texts = useActionTexts();
  const { afterLogin } = useAuthHostEffects();
  const kept = useFormDraft(section);
  // An e-mail bookcore named, for a guest its mail link could not sign in (docs/bookcore-contract.md "Back where
  // the guest started"), is what the form starts with.
  const carriedEmail = useCarriedEmail(section);
  const draft = carriedEmail ? { values: { ...kept.draft?.values, email: carriedEmail }, ticks: kept.draft?.ticks ?? {} } : kept.draft;
  const [refusal, setRefusal] = useState<FormRefusal | null>(null);

  async function submit(payload: FormSubmission) {
    setRefusal(null);
    const outcome = await signIn({ email: payload.email ?? '', password: payload.password ?? '' }, texts);
    if (!outcome.ok) {
      // Only bookcore's answer is about what was typed; a network failure says nothing against the fields.
      const text = guestText(outcome.error);
      if (text) setRefusal({ text });
      // A sign-in a later action replaced did not fail: nothing to track.
      if (!isAbortError(outcome.error)) void trackLoyaltyEvent('signin_error');
      return;
    }
    kept.clear();
    // Before the page navigates, or the event may leave with it; a stalled analytics chunk holds the guest no longer
    // than the bound.
    await settledWithin(trackLoyaltyEvent('signin_sucess'));
    afterLogin(outcome.userName ?? '');
  }

  return (
    <Form
      fields={settings.SIGNIN?.form ?? NO_FIELDS}
      onSubmit={submit}
      submitLabel={t('auth.signInSubmit')}
      label={t('auth.signInTitle')}
      draft={draft}
      onDraftChange={kept.save}
      refusal={refusal}
    >
      {children}
    </Form>
  );
}

/**
 * The e-mail carried to this form's section (`carriedValuesAtom`), taken once when it mounts. Kept here rather than
 * through ./fields.ts, which the sign-in's chunk does not otherwise need.
 */
function useCarriedEmail(section: 'SIGNIN' | 'PASS_RECOVERY_SUCCESS'): string | undefined {
  const store = useStore();
  const [email] = useState(() => {
    const carried = store.get(carriedValuesAtom);
    return carried?.section === section ? carried.values['email'] : undefined;
  });
  useEffect(() => {
    if (store.get(carriedValuesAtom)?.section === section) store.set(carriedValuesAtom, null);
  }, [store, section]);
  return email;
}
