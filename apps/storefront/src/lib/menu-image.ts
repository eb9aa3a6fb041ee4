import { menuImageSrcSet } from "@app/contracts/menu-image-urls";

/**
 * `srcSet` and `sizes` for an image the restaurant uploaded (ours come in 320, 640 and 1280 px wide WebP, so a
 * phone downloads the width its screen needs); nothing for an image hosted elsewhere, which stays as it is.
 * `sizes` says how wide the image is shown, as the CSS lays it out.
 */
export function responsiveImage(url: string | null | undefined, sizes: string): { srcSet?: string; sizes?: string } {
  const srcSet = url ? menuImageSrcSet(url) : undefined;
  return srcSet ? { srcSet, sizes } : {};
}
