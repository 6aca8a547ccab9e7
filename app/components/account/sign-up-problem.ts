import { identityToasts } from '../../../core/identity/identity-texts';
import { passwordFormProblemToast } from '../../../core/identity/password-rules';

// spec §8: "Sign Up Error" with the server's message; a sign-up's own problems (the e-mail, the
// password rules, the confirmation) under their own titles.
export const signUpProblem = (message: string) =>
  passwordFormProblemToast(message, identityToasts.signUpError.title);
