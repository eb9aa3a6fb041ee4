/**
 * Colour contrast as WCAG 2.x measures it (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio): the relative
 * luminance of each sRGB colour, then (L1 + 0.05) / (L2 + 0.05) with the lighter one on top. A restaurant's
 * brand colour is the background of buttons with white text, so it must reach 4.5:1 against white (success
 * criterion 1.4.3, normal-size text). The back office's form and the server use the same sum.
 */

/** WCAG 2.x 1.4.3: normal text needs at least 4.5:1 against its background. */
export const MIN_TEXT_CONTRAST = 4.5;

const HEX_COLOUR = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** Relative luminance (0 black … 1 white) of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const match = HEX_COLOUR.exec(hex);
  if (!match) throw new RangeError(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((pair) => linearChannel(Number.parseInt(pair, 16) / 255));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** sRGB's transfer function undone; WCAG 2.x uses 0.03928 as the threshold (the sRGB standard's 0.04045 gives the same for 8-bit values). */
function linearChannel(value: number): number {
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** The contrast ratio of two #rrggbb colours, 1 (same) to 21 (black on white); the order does not matter. */
export function contrastRatio(hexA: string, hexB: string): number {
  const [darker, lighter] = [relativeLuminance(hexA), relativeLuminance(hexB)].sort((a, b) => a - b);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/**
 * A ratio as people read it, "3.1:1": rounded down to one decimal, so a colour that just misses 4.5:1 never
 * reads "4.5:1".
 */
export function formatContrastRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}
