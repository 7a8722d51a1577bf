/**
 * Where to go after logging in (the `redirect` query parameter). Only a path inside this app is
 * followed: "//evil.example" or "https://..." would turn the login page into an open redirect.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/home'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters and backslashes have no business in a path of ours.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char === '\\')) return fallback;
  // Never back to a page a signed-in user is sent away from (that would loop).
  for (const page of ['/login', '/register']) {
    if (
      value === page ||
      value.startsWith(`${page}?`) ||
      value.startsWith(`${page}/`) ||
      value.startsWith(`${page}#`)
    ) {
      return fallback;
    }
  }
  return value;
}
