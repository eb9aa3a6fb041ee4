/**
 * The restaurant's brand colour (the primaryColor setting) as the CSS custom properties of styles.css.
 * Whatever colour a restaurant picks, text stays readable (WCAG AA, 4.5:1): the text on a brand-coloured
 * button is white or near-black, whichever contrasts more, and links and focus rings on white use the
 * colour darkened until it reaches 4.5:1. https://www.w3.org/TR/WCAG21/#contrast-minimum
 */

export type BrandPalette = { brand: string; onBrand: string; brandInk: string };

const WHITE = "#ffffff";
const NEAR_BLACK = "#1d1d1f";
const AA_CONTRAST = 4.5;

export function brandPalette(hex: string): BrandPalette {
  const onBrand = contrastRatio(hex, WHITE) >= contrastRatio(hex, NEAR_BLACK) ? WHITE : NEAR_BLACK;
  return { brand: hex, onBrand, brandInk: darkenUntilReadable(hex, WHITE) };
}

/** Sets the palette on an element (the document root): inline custom properties are CSSOM, not a CSP-governed style attribute. */
export function applyBrandColour(root: HTMLElement, hex: string | null): void {
  if (!hex) return;
  const palette = brandPalette(hex);
  root.style.setProperty("--brand", palette.brand);
  root.style.setProperty("--on-brand", palette.onBrand);
  root.style.setProperty("--brand-ink", palette.brandInk);
}

export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function darkenUntilReadable(hex: string, background: string): string {
  let rgb = toRgb(hex);
  for (let step = 0; step < 20 && contrastRatio(toHex(rgb), background) < AA_CONTRAST; step++) {
    rgb = rgb.map((channel) => Math.round(channel * 0.9)) as [number, number, number];
  }
  return toHex(rgb);
}

function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function toRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}
