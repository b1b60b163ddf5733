// requirements §5 validation rules and messages, in the order the checks run: email, password, confirmation.

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordRule:
    'Password must be at least 8 characters and include uppercase, lowercase, number, and special character',
  passwordMismatch: 'Passwords do not match',
  /** Issue 15: the login form's message for requirements §5's submit rule (a password of 8 or more). */
  passwordShort: 'Password must be at least 8 characters',
} as const;

export const PASSWORD_MIN = 8;

/** Local part, @, domain, and a letters-only top-level domain of at least 2 characters. */
const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z]{2,}$/;
/** At least 8 of only these classes, with one of each: lower, upper, digit, one of @$!%*?& */
const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,}$/;

export const isValidEmail = (email: string): boolean => EMAIL.test(email.trim());
export const isStrongPassword = (password: string): boolean => STRONG_PASSWORD.test(password);

export interface FieldErrors {
  email?: string;
  password?: string;
  confirmPassword?: string;
}

export function validateEmail(email: string): string | undefined {
  if (!email.trim()) return MESSAGES.emailRequired;
  if (!isValidEmail(email)) return MESSAGES.emailInvalid;
  return undefined;
}

/** Login: email, then password required. */
export function validateLogin(form: { email: string; password: string }): FieldErrors {
  const email = validateEmail(form.email);
  if (email) return { email };
  if (!form.password) return { password: MESSAGES.passwordRequired };
  return {};
}

/** Registration: email, then the password rule, then the confirmation. */
export function validateRegistration(form: {
  email: string;
  password: string;
  confirmPassword: string;
}): FieldErrors {
  const email = validateEmail(form.email);
  if (email) return { email };
  if (!form.password) return { password: MESSAGES.passwordRequired };
  if (!isStrongPassword(form.password)) return { password: MESSAGES.passwordRule };
  if (form.confirmPassword !== form.password) return { confirmPassword: MESSAGES.passwordMismatch };
  return {};
}

export type FieldName = keyof FieldErrors;
export type FormMode = 'login' | 'register';

/**
 * One field's own message, checked when a person leaves it (issue 15): not in requirements §5's order,
 * since each field says what is wrong with itself. The login password follows the submit rule (8 or
 * more); the registration fields follow the registration rules.
 */
export function fieldError(
  mode: FormMode,
  field: FieldName,
  form: { email: string; password: string; confirmPassword: string },
): string | undefined {
  if (field === 'email') return validateEmail(form.email);
  if (field === 'password') {
    if (!form.password) return MESSAGES.passwordRequired;
    if (mode === 'login') return form.password.length < PASSWORD_MIN ? MESSAGES.passwordShort : undefined;
    return isStrongPassword(form.password) ? undefined : MESSAGES.passwordRule;
  }
  if (mode === 'login') return undefined;
  return form.confirmPassword !== form.password ? MESSAGES.passwordMismatch : undefined;
}

/** The errors with each left field's own message, present or cleared; other fields keep theirs. */
export function withFieldErrors(
  errors: FieldErrors,
  mode: FormMode,
  fields: readonly FieldName[],
  form: { email: string; password: string; confirmPassword: string },
): FieldErrors {
  const next: FieldErrors = { ...errors };
  for (const field of fields) {
    const message = fieldError(mode, field, form);
    if (message) next[field] = message;
    else delete next[field];
  }
  return next;
}

/** requirements §5: the login submit is enabled only with a valid email and a password of 8 or more. */
export const canSubmitLogin = (form: { email: string; password: string }): boolean =>
  isValidEmail(form.email) && form.password.length >= PASSWORD_MIN;

export const hasErrors = (errors: FieldErrors): boolean => Object.values(errors).some(Boolean);

/** One line of the registration password's live checklist (issue 15). */
export interface PasswordCheck {
  label: string;
  met: boolean;
}

/**
 * requirements §5's registration rule, one check per part, so a person sees which part is missing (a `#`
 * is "only letters, digits and @$!%*?&", not a mystery). All met exactly when isStrongPassword.
 */
export function passwordChecklist(password: string): PasswordCheck[] {
  return [
    { label: `At least ${PASSWORD_MIN} characters`, met: password.length >= PASSWORD_MIN },
    { label: 'A lowercase letter', met: /[a-z]/.test(password) },
    { label: 'An uppercase letter', met: /[A-Z]/.test(password) },
    { label: 'A number', met: /\d/.test(password) },
    { label: 'One of @ $ ! % * ? &', met: /[@$!%*?&]/.test(password) },
    {
      label: 'Only letters, numbers and @ $ ! % * ? &',
      met: password.length > 0 && /^[A-Za-z\d@$!%*?&]*$/.test(password),
    },
  ];
}
