/** Inputs are trimmed before any rule looks at them (spec §5). */
export function clean(value: string): string {
  return value.trim();
}

/** Length in user-perceived characters (code points), so "名字" counts as 2, not 4 UTF-16 units. */
export function charCount(value: string): number {
  return [...value].length;
}

/**
 * The text as it counts towards a minimum length: trimmed, with every run of white space made one
 * space, so "a" + 9 spaces + "b" is 3 characters, not 11.
 */
export function collapseSpaces(value: string): string {
  return value.trim().replace(/\s+/gu, ' ');
}
