import { HONEYPOT_FIELD } from '../../../core/community/honeypot';

/** The hidden field of core/community/honeypot.ts, which robots fill and people never see. */
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
