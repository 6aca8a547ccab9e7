import { Check, X } from '../ui/icons';
import { passwordRules } from '../../../core/identity/password-rules';

/** spec §2 Auth: the live password rule checks shown while the user types. */
export function PasswordRuleChecks({ password }: { password: string }) {
  return (
    <ul aria-label="Password requirements" className="grid gap-1 text-sm">
      {passwordRules.map((rule) => {
        const met = rule.passes(password);
        return (
          <li key={rule.label} className={met ? 'text-success' : 'text-ink-muted'}>
            {met ? (
              <Check aria-hidden="true" className="mr-1 inline h-4 w-4" />
            ) : (
              <X aria-hidden="true" className="mr-1 inline h-4 w-4" />
            )}
            {rule.label}
            <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
