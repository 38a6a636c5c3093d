import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValue, PreparedField } from './field-definition';
import { inputAttributesFor, type PasswordPurpose } from './input-attributes';

/** Props of {@link FormField}. */
export interface FormFieldProps {
  field: PreparedField;
  /** The control's id; its message gets `{id}-error`. */
  id: string;
  /**
   * A checkbox's state. Text inputs and selects are uncontrolled: they start from the field's initial value and
   * the form reads them when it needs them, so a value set without an event (autofill) is never overwritten.
   */
  value: FieldValue;
  /** What a text input or select starts from instead of the field's initial value (a form's draft given back). */
  startValue?: FieldValue | undefined;
  /** The message to show, or null when the value is valid (or not checked yet). */
  error: string | null;
  /** Marked invalid without a message of its own (a refusal whose text stands under another field). */
  invalid?: boolean | undefined;
  /** The id of the message that describes it when it has none of its own. */
  describedBy?: string | undefined;
  /** The field a refusal's text stands under (`data-refused`): focus goes there when its section shows again. */
  refused?: boolean | undefined;
  passwordPurpose: PasswordPurpose;
  onChange: (value: FieldValue) => void;
  onBlur: () => void;
}

/**
 * One field of a {@link Form}: its label (with an asterisk when required), its control and its message region.
 * The message region is always present, empty while the value is valid, so screen readers announce the message
 * when it appears; an invalid control is `aria-invalid` and described by it.
 */
export function FormField({ field, id, value, startValue, error, invalid: markedInvalid = false, describedBy, refused = false, passwordPurpose, onChange, onBlur }: FormFieldProps) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  const invalid = error !== null || markedInvalid;
  const { type, autoComplete, inputMode } = inputAttributesFor(field, passwordPurpose);
  const isPassword = type === 'password';
  // Shown as text: the guest asked to see what they typed (a password field only).
  const [shown, setShown] = useState(false);
  // A password's rules, told before the guest fails them: the pattern's configured message, while no error shows
  // (docs/forms-and-consent.md "Showing a password, and the pattern's hint").
  const hintId = `${id}-hint`;
  const hint = isPassword && field.pattern && field.definition.errorPattern && error === null ? field.definition.errorPattern : null;
  const common = {
    id,
    name: field.name,
    required: field.required,
    autoComplete,
    'aria-invalid': invalid || undefined,
    'aria-describedby': error !== null ? errorId : invalid ? describedBy : hint !== null ? hintId : undefined,
    'data-refused': refused ? '' : undefined,
    onBlur,
  };
  const label = (
    <label htmlFor={id} part="label">
      {field.definition.label}
      {field.required && (
        <span part="required-mark" aria-hidden="true">
          {' *'}
        </span>
      )}
    </label>
  );
  const message = (
    <p id={errorId} part="field-error" aria-live="polite">
      {error}
    </p>
  );

  if (field.type === 'checkbox') {
    return (
      <div part="field field-checkbox" data-name={field.name}>
        <div part="checkbox-control">
          <input
            {...common}
            type="checkbox"
            value="true"
            part="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
          {label}
        </div>
        {message}
      </div>
    );
  }

  if (field.type === 'select') {
    const text = typeof startValue === 'string' ? startValue : typeof field.initialValue === 'string' ? field.initialValue : '';
    return (
      <div part="field field-select" data-name={field.name}>
        {label}
        <select {...common} part="select" defaultValue={text} onChange={(event) => onChange(event.currentTarget.value)}>
          {field.initialValue === '' && <option value="">{t('forms.choose')}</option>}
          {field.options.map((group, groupIndex) => {
            const options = group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label ?? option.value}
              </option>
            ));
            return group.label ? (
              <optgroup key={`${groupIndex}-${group.label}`} label={group.label}>
                {options}
              </optgroup>
            ) : (
              <Fragment key={`${groupIndex}-`}>{options}</Fragment>
            );
          })}
        </select>
        {message}
      </div>
    );
  }

  const input = (
    <input
      {...common}
      type={isPassword && shown ? 'text' : type}
      inputMode={inputMode}
      maxLength={field.maxLength}
      part="input"
      defaultValue={typeof startValue === 'string' ? startValue : typeof field.initialValue === 'string' ? field.initialValue : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
  return (
    <div part={`field field-${field.type}`} data-name={field.name}>
      {label}
      {isPassword ? (
        <div part="password-control">
          {input}
          <button
            type="button"
            part="password-toggle"
            aria-controls={id}
            aria-pressed={shown}
            aria-label={t(shown ? 'forms.hidePasswordLabel' : 'forms.showPasswordLabel')}
            onClick={() => setShown((value) => !value)}
          >
            {t(shown ? 'forms.hidePassword' : 'forms.showPassword')}
          </button>
        </div>
      ) : (
        input
      )}
      {hint !== null && (
        <p id={hintId} part="field-hint">
          {hint}
        </p>
      )}
      {message}
    </div>
  );
}
