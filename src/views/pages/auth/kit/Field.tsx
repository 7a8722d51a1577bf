import type { InputHTMLAttributes, ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  invalid?: boolean;
  /** A hint under the field (not an error: problems are toasted and the field is outlined). */
  hint?: string;
  /** Something inside the field's box on the right: a send-code button, a show-password toggle. */
  addon?: ReactNode;
  /** Something before the input inside the box: the country code selector. */
  prefix?: ReactNode;
}

/** A labelled text input in the forms' style; aria-invalid marks the field a problem points at. */
export function Field({
  id,
  label,
  value,
  onValue,
  invalid = false,
  hint,
  addon,
  prefix,
  ...input
}: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-box">
        {prefix}
        <input
          id={id}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={hintId}
          onChange={(event) => onValue(event.target.value)}
          {...input}
        />
        {addon}
      </div>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
