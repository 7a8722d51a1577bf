/**
 * A phone number as the user reads it: "+<dial code> <national number>" (E.164 style, for example
 * "+44 7700900123"). Without a known dial code the national number is shown alone; without a number,
 * nothing. The dial code is digits without '+' (the areas list's global_code).
 */
export function displayPhone(dialCode: string, mobile: string): string {
  const number = mobile.trim();
  if (number === '') return '';
  const code = dialCode.trim().replace(/^\+/, '');
  return /^\d{1,4}$/.test(code) ? `+${code} ${number}` : number;
}
