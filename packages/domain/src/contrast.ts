/**
 * WCAG 2.x contrast between two #rrggbb colours: (L1 + 0.05) / (L2 + 0.05) of their relative luminances, from 1
 * to 21. https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio. The back office shows it live as a colour is typed;
 * the server refuses a brand colour below MIN_BRAND_CONTRAST against white text.
 */

/** WCAG 2.2 AA for normal text (1.4.3): white text on a brand-coloured button must reach it. */
export const MIN_BRAND_CONTRAST = 4.5;

export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** https://www.w3.org/TR/WCAG22/#dfn-relative-luminance (sRGB, with the 0.04045 threshold of the sRGB standard). */
function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const c = Number.parseInt(part, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
