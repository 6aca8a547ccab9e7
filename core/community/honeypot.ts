/**
 * A field people never see or fill; form robots do. A submission that fills it is answered as a
 * success and stored nowhere. The form draws the field (app/components/community/honeypot.tsx);
 * the server's answer pipeline (server/http/answer.ts) asks this rule.
 */
export const HONEYPOT_FIELD = 'website';

export function isRobotSubmission(formData: FormData): boolean {
  return String(formData.get(HONEYPOT_FIELD) ?? '') !== '';
}
