/**
 * WCAG 2.x contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio), to choose theme colours that
 * stay readable: 4.5:1 for text, 3:1 for large text and the parts of controls.
 */

export type Rgba = { r: number; g: number; b: number; a: number };

export const WCAG_AA_TEXT = 4.5;
export const WCAG_AA_LARGE = 3;

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(…)` or `rgba(…)`; anything else is a programming error. */
export const parseColor = (value: string): Rgba => {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const channel = (index: number) => parseInt(full.slice(index * 2, index * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
  }
  const parts = /^rgba?\(([^)]+)\)$/
    .exec(text)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean);
  if (parts && (parts.length === 3 || parts.length === 4)) {
    const [r, g, b] = parts.slice(0, 3).map(Number);
    const alpha = parts[3] === undefined ? 1 : Number(parts[3]);
    if ([r, g, b, alpha].every((n) => n !== undefined && Number.isFinite(n))) {
      return { r: r ?? 0, g: g ?? 0, b: b ?? 0, a: alpha };
    }
  }
  throw new Error(`not a colour: ${value}`);
};

/** A translucent colour as it shows over an opaque one. */
export const blend = (top: Rgba, below: Rgba): Rgba => ({
  r: top.r * top.a + below.r * (1 - top.a),
  g: top.g * top.a + below.g * (1 - top.a),
  b: top.b * top.a + below.b * (1 - top.a),
  a: 1,
});

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

export const relativeLuminance = ({ r, g, b }: Rgba): number =>
  0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);

/**
 * Contrast of a foreground on a background; translucent colours are laid over what is below them
 * (the background over `base`, white unless given, then the foreground over the background).
 */
export const contrastRatio = (foreground: string, background: string, base = '#ffffff'): number => {
  const below = blend(parseColor(background), blend(parseColor(base), WHITE));
  const above = blend(parseColor(foreground), below);
  const [light, dark] = [relativeLuminance(above), relativeLuminance(below)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
};

/** The first candidate readable as normal text on the background (the last one when none is). */
export const pickReadable = (candidates: string[], background: string, minimum = WCAG_AA_TEXT): string => {
  const found = candidates.find((candidate) => contrastRatio(candidate, background) >= minimum);
  const fallback = candidates[candidates.length - 1];
  if (found === undefined && fallback === undefined) throw new Error('no candidate colours');
  return found ?? (fallback as string);
};
