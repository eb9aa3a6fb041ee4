import { useState } from "react";

/**
 * Whether the image at `src` failed to load: a menu image nothing used for 30 days is deleted by the server's
 * retention sweep and its URL answers 404 (docs/decisions/041-unused-menu-images-are-collected.md), e.g. in a form
 * opened before, or put back from an earlier value. Forgotten when `src` changes, so a new image is tried.
 */
export function useImageFailed(src: string): { failed: boolean; onError: () => void } {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return { failed: src !== "" && failedSrc === src, onError: () => setFailedSrc(src) };
}
