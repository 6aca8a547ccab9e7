import { Eye, EyeOff } from './icons';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { inputClass } from './classes';
import { FieldFrame } from './field-frame';

export { inputClass, primaryButtonClass, secondaryButtonClass } from './classes';

/** A labelled input with its error under it, tied together for assistive technology. */
export function Field({
  label,
  error,
  hint,
  ...input
}: {
  label: string;
  error?: string | null;
  hint?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const generatedId = useId();
  // A Conform field brings its own id, which its error and description ids derive from.
  return (
    <FieldFrame id={input.id ?? generatedId} label={label} hint={hint} error={error}>
      {(control) => <input {...control} className={inputClass} {...input} />}
    </FieldFrame>
  );
}

/** spec §2 Auth: a password field whose visibility the user can toggle. */
export function PasswordField({
  label,
  error,
  ...input
}: { label: string; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const generatedId = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={input.id ?? generatedId} label={label} error={error}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            type={visible ? 'text' : 'password'}
            className={`${inputClass} pr-11`}
            {...input}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-ink-muted hover:text-ink"
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="h-5 w-5" />
            ) : (
              <Eye aria-hidden="true" className="h-5 w-5" />
            )}
          </button>
        </div>
      )}
    </FieldFrame>
  );
}
