import { lazy, Suspense, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, guestText, isAbortError } from '../lib/api-error';
import { warn } from '../lib/warn';
import { Button } from '../ui/Button';
import { Message } from '../ui/Message';
import { prepareConsents, type PreparedConsent } from './consent-definition';
import { checkField, payloadValue, prepareFields, type FieldProblem, type FieldValue, type PreparedField } from './field-definition';
import { FormField } from './FormField';
import { inputAttributesFor, type PasswordPurpose } from './input-attributes';
import { unlessLeaving } from '../lib/page-leaving';

// Consent checkboxes bring the legal-document modal and DOMPurify with them: they load with the first form that
// has one (sign-up, social consent), not with the sign-in form.
const ConsentCheckbox = lazy(unlessLeaving(() => import('./ConsentCheckbox').then((module) => ({ default: module.ConsentCheckbox }))));

/** What a form sends: every field and consent tick by name, as text (ticks as `true`/`false`). */
export type FormSubmission = Record<string, string>;

/**
 * Throw this from a form's action to show its message to the guest as is (a configured text such as "passwords
 * not equal"). Other errors show the server's text of an `ApiError`, or a generic translated message.
 */
export class FormSubmitError extends Error {
  override readonly name = 'FormSubmitError';
}

/**
 * What the guest has typed and ticked in a form, to give back to the form when it mounts again (the auth modal
 * reopened): field values and consent ticks by name, passwords included. The caller keeps it in memory only,
 * never in storage (docs/loyalty-widget.md "What the guest typed stays").
 */
export interface FormDraft {
  values: Readonly<Record<string, FieldValue>>;
  ticks: Readonly<Record<string, boolean>>;
}

/**
 * A refusal of the whole submission the server gave (a sign-in with a wrong password): every field is marked
 * invalid, the server's text shows in the error line of the field named `field`, which takes focus. A new object
 * for each refusal; the marks go when the guest types again.
 */
export interface FormRefusal {
  /** The server's text (or the translated fallback). */
  text: string;
  /** The field the text stands under and focus goes to; default the first password field, else the last field. */
  field?: string;
}

/** Props of {@link Form}. */
export interface FormProps {
  /** Field definitions (docs/forms-and-consent.md "Field definitions"), raw: each is validated, and an unusable one is skipped with a warning. */
  fields: readonly unknown[];
  /** Consent checkbox definitions (docs/forms-and-consent.md "Consent checkboxes"), raw, shown after the fields in the given order. */
  consents?: readonly unknown[];
  /**
   * The caller-supplied action, given the payload once every field is valid and every required consent ticked.
   * While its promise is pending the submit button is disabled and further submits are ignored; when it rejects,
   * every value stays and the error's text shows in the form's message region.
   */
  onSubmit: (payload: FormSubmission) => Promise<void>;
  /** The submit button's text; default the translated "Enviar". */
  submitLabel?: string;
  /** The accessible name of the form. */
  label?: string;
  /**
   * `new-password` on sign-up and password-change forms, so password managers offer to generate and save one;
   * default `current-password` (sign-in).
   */
  passwordPurpose?: PasswordPurpose;
  /**
   * Runs the submit once when the form mounts, as if the guest had pressed the button but silently: when the
   * initial values are valid the action is called, otherwise nothing happens and no error shows (the guest has
   * not typed anything yet). The auth panel sets it in PASS_RECOVERY_CHANGE (the password-change step with the
   * new passwords carried) — docs/forms-and-consent.md "`<Form>`".
   */
  submitOnMount?: boolean;
  /** What the guest had typed and ticked when the form was last shown, given back on mount (read once). */
  draft?: FormDraft;
  /** Told of each value typed or tick changed, so the caller can keep a draft (in memory only). */
  onDraftChange?: (draft: FormDraft) => void;
  /** The server's refusal of the last submission, shown beside the fields (see {@link FormRefusal}). */
  refusal?: FormRefusal | null;
  /** Shown between the consent checkboxes and the submit button (a "forgot your password?" link, say). */
  children?: ReactNode;
}

/**
 * A form built from field definitions (docs/forms-and-consent.md "Field definitions" and "`<Form>`"): each field is validated on blur and all of
 * them on submit; required fields carry an asterisk; the payload is keyed by field name.
 *
 * "All conditions accepted" is derived rather than stored: true when every required consent is ticked, hence
 * true on a form without consents (docs/forms-and-consent.md "All conditions accepted").
 */
export function Form({
  fields: fieldDefinitions,
  consents: consentDefinitions = NO_CONSENTS,
  onSubmit,
  submitLabel,
  label,
  passwordPurpose = 'current-password',
  submitOnMount = false,
  draft,
  onDraftChange,
  refusal = null,
  children,
}: FormProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const fields = useMemo(() => prepareFields(fieldDefinitions), [fieldDefinitions]);
  const fieldIndex = useMemo(() => new Map(fields.map((field, index) => [field, index])), [fields]);
  const consents = useMemo(() => prepareConsents(consentDefinitions), [consentDefinitions]);
  // Keyed by field names a hotel chooses, `constructor`, `toString` and `__proto__` included: records without a
  // prototype, read by own keys only, so no name finds an inherited value.
  // A draft is read once, when the form mounts: the inputs are uncontrolled and start from it.
  const [restored] = useState<Readonly<Record<string, FieldValue>>>(() => Object.assign(emptyRecord<FieldValue>(), draft?.values));
  const [values, setValues] = useState<Readonly<Record<string, FieldValue>>>(() => Object.assign(emptyRecord<FieldValue>(), draft?.values));
  const [problems, setProblems] = useState<Readonly<Record<string, FieldProblem | null>>>(emptyRecord);
  const [ticks, setTicks] = useState<Readonly<Record<string, boolean>>>(() => Object.assign(emptyRecord<boolean>(), draft?.ticks));
  const [showConsentError, setShowConsentError] = useState(false);
  const [pending, setPending] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // State updates land after the event; ten clicks in one task would all see `pending` false without this.
  const pendingRef = useRef(false);
  const submittedOnMountRef = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The refusal the guest has typed past: its marks are gone until the next one.
  const [dismissedRefusal, setDismissedRefusal] = useState<FormRefusal | null>(null);
  const activeRefusal = refusal && refusal !== dismissedRefusal && fields.length > 0 ? refusal : null;
  const refusalIndex = activeRefusal ? refusedFieldIndex(fields, activeRefusal, passwordPurpose) : -1;

  const fieldId = (index: number) => `${baseId}-field-${index}`;
  const consentId = (index: number) => `${baseId}-consent-${index}`;
  const submitErrorId = `${baseId}-error`;
  const stateValueOf = (field: PreparedField): FieldValue => own(values, field.name) ?? field.initialValue;
  // What the guest sees is the truth: text inputs and selects are uncontrolled, and a password manager or the
  // browser's autofill may have set a value without an input event (autofill on page load does, and some
  // extensions do), so blur and submit read the control itself. Checkboxes are controlled by `values`.
  const valueOf = (field: PreparedField): FieldValue => {
    const control = formRef.current?.querySelector<HTMLInputElement | HTMLSelectElement>(`[id="${fieldId(fieldIndex.get(field) ?? -1)}"]`);
    if (!control) return stateValueOf(field);
    return control instanceof HTMLInputElement && control.type === 'checkbox' ? control.checked : control.value;
  };
  const tickOf = (consent: PreparedConsent): boolean => own(ticks, consent.name) ?? consent.definition.checked ?? false;
  const allConditionsAccepted = consents.every((consent) => !consent.required || tickOf(consent));

  function changeValue(field: PreparedField, value: FieldValue) {
    if (activeRefusal) setDismissedRefusal(activeRefusal);
    setValues((current) => withEntry(current, field.name, value));
    // Fields are checked on blur (docs/forms-and-consent.md "Field definitions"), never per keystroke: a hotel's pattern does not run while the guest
    // types. Typing may only clear a missing-value error; a pattern error waits for blur. A checkbox has no
    // "mid-word": its change is final.
    if (field.type === 'checkbox') setProblems((current) => withEntry(current, field.name, checkField(field, value)));
    else if (own(problems, field.name) === 'required' && typeof value === 'string' && value.trim() !== '') {
      setProblems((current) => withEntry(current, field.name, null));
    }
  }

  function blurField(field: PreparedField) {
    const problem = checkField(field, valueOf(field));
    setProblems((current) => withEntry(current, field.name, problem));
  }

  async function submit({ silent }: { silent: boolean }) {
    if (pendingRef.current) return;
    // The silent submit on mount acts on the configured initial values only: whatever reached the inputs
    // before it ran (the browser's autofill on page load) was not the guest asking to send it.
    const read = silent ? (field: PreparedField) => field.initialValue : valueOf;
    const found: Record<string, FieldProblem | null> = emptyRecord();
    for (const field of fields) found[field.name] = checkField(field, read(field));
    const firstInvalid = fields.findIndex((field) => own(found, field.name));
    if (firstInvalid !== -1 || !allConditionsAccepted) {
      if (silent) return;
      setProblems(found);
      setShowConsentError(true);
      const firstUnticked = consents.findIndex((consent) => consent.required && !tickOf(consent));
      const focusId = firstInvalid !== -1 ? fieldId(firstInvalid) : consentId(firstUnticked);
      formRef.current?.querySelector<HTMLElement>(`[id="${focusId}"]`)?.focus();
      return;
    }
    // Without a prototype, `payload['__proto__'] = …` is a field like any other, sent with the rest.
    const payload: FormSubmission = emptyRecord();
    for (const field of fields) payload[field.name] = payloadValue(read(field));
    for (const consent of consents) payload[consent.name] = String(tickOf(consent));
    pendingRef.current = true;
    setPending(true);
    setSubmitError(null);
    try {
      await onSubmit(payload);
    } catch (error) {
      if (!isAbortError(error)) setSubmitError(errorText(error) ?? t('forms.submitFailed'));
    } finally {
      pendingRef.current = false;
      setPending(false);
    }
  }

  function onFormSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({ silent: false });
  }

  // The caller keeps the draft; told after each change (not on mount: nothing was typed yet).
  const onDraftChangeRef = useRef(onDraftChange);
  useLayoutEffect(() => {
    onDraftChangeRef.current = onDraftChange;
  });
  const draftReportedRef = useRef(false);
  useEffect(() => {
    if (!draftReportedRef.current) {
      draftReportedRef.current = true;
      return;
    }
    const kept = emptyRecord<FieldValue>();
    for (const field of fields) {
      const value = own(values, field.name);
      if (value !== undefined) kept[field.name] = value;
    }
    onDraftChangeRef.current?.({ values: kept, ticks });
  }, [values, ticks, fields]);

  // A passive effect: it runs after the panel's layout effect that focuses the section it puts back, so the
  // refused field keeps the last word.
  useEffect(() => {
    if (!activeRefusal) return;
    formRef.current?.querySelector<HTMLElement>(`[id="${fieldId(refusalIndex)}"]`)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refusal; the ids follow `fields`
  }, [activeRefusal]);

  // The latest `submit` for the effect below, which must not re-run when it changes (layout effects run first).
  const submitRef = useRef(submit);
  useLayoutEffect(() => {
    submitRef.current = submit;
  });
  useEffect(() => {
    if (!submitOnMount || submittedOnMountRef.current) return;
    submittedOnMountRef.current = true;
    void submitRef.current({ silent: true });
  }, [submitOnMount]);

  const hasRequired = fields.some((field) => field.required) || consents.some((consent) => consent.required);

  return (
    <form ref={formRef} part="form" noValidate aria-label={label} aria-busy={pending || undefined} onSubmit={onFormSubmit}>
      {hasRequired && <p part="required-note">{t('forms.requiredNote')}</p>}
      {fields.map((field, index) => {
        const problem = own(problems, field.name) ?? null;
        const refusedHere = index === refusalIndex;
        return (
          <FormField
            key={field.name}
            field={field}
            id={fieldId(index)}
            value={stateValueOf(field)}
            startValue={own(restored, field.name)}
            error={problem ? messageFor(field, problem, t) : refusedHere && activeRefusal ? activeRefusal.text : null}
            invalid={Boolean(activeRefusal) && field.type !== 'checkbox'}
            describedBy={activeRefusal && !refusedHere ? `${fieldId(refusalIndex)}-error` : undefined}
            refused={refusedHere}
            passwordPurpose={passwordPurpose}
            onChange={(value) => changeValue(field, value)}
            onBlur={() => blurField(field)}
          />
        );
      })}
      {consents.length > 0 && (
        <Suspense fallback={null}>
          {consents.map((consent, index) => (
            <ConsentCheckbox
              key={consent.name}
              consent={consent}
              id={consentId(index)}
              checked={tickOf(consent)}
              invalid={showConsentError && consent.required && !tickOf(consent)}
              onChange={(checked) => setTicks((current) => withEntry(current, consent.name, checked))}
            />
          ))}
        </Suspense>
      )}
      {children}
      <Message id={submitErrorId} tone="error" part="form-error">
        {submitError}
      </Message>
      <Button type="submit" disabled={pending} busy={pending} part="submit">
        {submitLabel ?? t('forms.submit')}
      </Button>
    </form>
  );
}

const NO_CONSENTS: readonly unknown[] = [];

/** The field a refusal's text stands under: the one it names, else the first password field, else the last. */
function refusedFieldIndex(fields: readonly PreparedField[], refusal: FormRefusal, purpose: PasswordPurpose): number {
  const named = fields.findIndex((field) => field.name === refusal.field);
  if (named !== -1) return named;
  const password = fields.findIndex((field) => inputAttributesFor(field, purpose).type === 'password');
  return password !== -1 ? password : fields.length - 1;
}

type Translate = ReturnType<typeof useTranslation>['t'];

function messageFor(field: PreparedField, problem: FieldProblem, t: Translate): string {
  if (problem === 'required') return field.definition.error || t('forms.required');
  return field.definition.errorPattern || t('forms.invalidField');
}

/** The guest-facing text of an action's failure, or undefined for the generic message. */
function errorText(error: unknown): string | undefined {
  if (error instanceof FormSubmitError && error.message.trim() !== '') return error.message;
  const fromServer = guestText(error);
  if (fromServer) return fromServer;
  // Anything else (a TypeError, say) is a bug or a transport detail: logged for the integrator, not shown.
  if (!(error instanceof ApiError)) warn('a form action failed.', error);
  return undefined;
}

/** A record without a prototype, for keys a hotel names. */
function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A record's own value for a key, never an inherited one (`constructor`, `toString`…). */
function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** A copy of a record with one entry set, still without a prototype (`__proto__` is a plain key). */
function withEntry<T>(record: Readonly<Record<string, T>>, key: string, value: T): Record<string, T> {
  const next = Object.assign(emptyRecord<T>(), record);
  next[key] = value;
  return next;
}
