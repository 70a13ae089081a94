import type { InputHTMLAttributes, ReactNode } from 'react';

/** A labelled field with its hint and error below (ids `<id>-hint`, `<id>-error` for aria-describedby). */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="drv-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="drv-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="drv-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A one-line text field: the input labelled, marked invalid and described by its hint and error. */
export function TextField({
  id,
  label,
  hint,
  error,
  onValue,
  ...input
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'aria-invalid' | 'aria-describedby'>) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
    </Field>
  );
}

/** One of a group of large radio choices (a fieldset of them), with an optional line under its name. */
export function Choice({
  name,
  value,
  checked,
  onSelect,
  title,
  hint,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  title: string;
  hint?: string;
}) {
  return (
    <label className="drv-choice">
      <input type="radio" name={name} value={value} checked={checked} onChange={onSelect} />
      <span className="drv-choice__text">
        <strong>{title}</strong>
        {hint && <span>{hint}</span>}
      </span>
    </label>
  );
}
