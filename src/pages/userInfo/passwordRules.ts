/** Password change checks done before calling the server; returns an i18n key or null. */
export function passwordChangeProblem(oldPassword: string, newPassword: string, confirm: string): string | null {
  if (newPassword.length < 6 || newPassword.length > 32) return 'validation.passwordLength';
  if (newPassword !== confirm) return 'validation.passwordMismatch';
  if (newPassword === oldPassword) return 'validation.samePassword';
  return null;
}
