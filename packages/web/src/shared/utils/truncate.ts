/** Spec §5: characters outside basic ASCII count as two wide. */
const widthOf = (char: string): number => ((char.codePointAt(0) ?? 0) <= 0x7f ? 1 : 2);

export const textWidth = (text: string): number => {
  let width = 0;
  for (const char of text) width += widthOf(char);
  return width;
};

/**
 * Cuts `text` to at most `width` columns and appends `ellipsis` when something was cut (the
 * ellipsis is not counted). Works on code points, so emoji and surrogate pairs stay whole.
 */
export const truncate = (text: string, width: number, ellipsis = '...'): string => {
  if (textWidth(text) <= width) return text;
  let used = 0;
  let result = '';
  for (const char of text) {
    const next = used + widthOf(char);
    if (next > width) break;
    used = next;
    result += char;
  }
  return result + ellipsis;
};
