/**
 * The shared looks of inputs and buttons, apart from field.tsx so that a page that only styles
 * its own controls does not bring in Field and PasswordField (docs/decisions/020: first-load JavaScript).
 */
export const inputClass =
  'w-full rounded-lg border border-stone bg-white px-3 py-2 aria-[invalid=true]:border-danger';

export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full bg-ink px-6 py-3 font-medium text-ivory hover:bg-brass-800 disabled:opacity-60';

export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full border border-stone px-5 py-2.5 font-medium hover:bg-sand disabled:opacity-60';
