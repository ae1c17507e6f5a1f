/**
 * A same-site path to return to after sign-in (spec 01 §4): only a path starting with a single '/'
 * (not '//' or '/\', which browsers read as another host), at most 2,000 characters; anything
 * else becomes '/'. Server and web both use it, so neither can be made to redirect off-site.
 */
export function safeReturnPath(value: unknown): string {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return '/';
  }
  return value.slice(0, 2000);
}
