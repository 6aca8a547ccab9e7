/**
 * A field people never see or fill; form robots do. A submission that fills it is answered as a
 * success and stored nowhere.
 */
export const HONEYPOT_FIELD = 'website';

export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

export function isRobotSubmission(formData: FormData): boolean {
  return String(formData.get(HONEYPOT_FIELD) ?? '') !== '';
}
