/**
 * The one check of a whole-number field, for every form: a value that is not a whole number is
 * told so; a whole number out of range names the bound it breaks ('-5' → 'must be at least 1').
 */
export function checkWholeNumber(text: string, min?: number, max?: number): string | undefined {
  const s = text.trim();
  if (!/^-?\d+$/.test(s)) return 'must be a whole number';
  if (min !== undefined && Number(s) < min) return `must be at least ${min}`;
  if (max !== undefined && Number(s) > max) return `must be at most ${max}`;
  return undefined;
}
