import { validationError } from "../errors";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../limits/constants";

/** What is wrong with a password a user is choosing, or null: the one rule of sign-up, reset, change and invitation. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters for the password.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters for the password.`;
  return null;
}

/** Throws validation_error (400) with passwordProblem's message. */
export function assertNewPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw validationError(problem);
}
