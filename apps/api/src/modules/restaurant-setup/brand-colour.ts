import { contrastRatio, formatContrastRatio, MIN_TEXT_CONTRAST } from "@app/domain";
import { invalid } from "../../errors";

const WHITE = "#ffffff";

/**
 * The brand colour is the background of buttons with white text (the storefront's primary buttons): refused
 * below WCAG's 4.5:1 for text, with the ratio it measured so the owner knows how far off it is.
 */
export function refuseLowContrast(colour: string | null, field: string): void {
  if (colour === null) return;
  const ratio = contrastRatio(colour, WHITE);
  if (ratio >= MIN_TEXT_CONTRAST) return;
  throw invalid(
    "Input.LowContrast",
    `White text on ${colour} has a contrast of ${formatContrastRatio(ratio)}; at least ${MIN_TEXT_CONTRAST}:1 is needed`,
    field,
  );
}
