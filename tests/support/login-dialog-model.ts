import type { AnyMachineSnapshot } from 'xstate';

/**
 * How the login dialog's model tells states apart, for both replays (on the machine and on the
 * rendered dialog): the mode, what is typed, the general message and the field errors.
 */
export function serializeLoginDialog(s: AnyMachineSnapshot): string {
  const c = s.context as {
    form: { email: string; password: string; confirmPassword: string };
    message: string | null;
    errors: object;
  };
  return [
    JSON.stringify(s.value),
    c.form.email,
    c.form.password,
    c.form.confirmPassword ? 'c' : '',
    c.message ?? '',
    Object.values(c.errors).join(','),
  ].join('|');
}
