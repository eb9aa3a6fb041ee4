/**
 * The label icons the storefront draws (apps/storefront/src/features/menu/components/product-labels.tsx), so the
 * editor offers exactly the icons guests will see and the preview draws them the same; label-icon.test.ts fails
 * when the two sets part. An unknown icon shows only the label's colour, as on the storefront.
 */
import type { ReactNode } from "react";

const ICON_PATHS: Record<string, ReactNode> = {
  leaf: <path d="M6 18C6 10 11 5 19 5c0 8-5 13-13 13Zm0 0 7-7" />,
  vegan: <path d="M12 20v-8m0 0C12 8 9 5 5 5c0 4 3 7 7 7Zm0 0c0-4 3-7 7-7 0 4-3 7-7 7Z" />,
  chili: (
    <path d="M8 9c2.5-1 4.5.5 5.5 3 1.5 3.5 3.5 5.5 6.5 6.5-5 1.5-10.5-.5-12.5-5-.8-2-.5-3.5.5-4.5Zm0 0c0-2 1-3.5 3-4" />
  ),
  gluten: (
    <path d="M12 21V8m0 13c-3-1-4-3-4-5 2 0 3.5 1 4 3m0 2c3-1 4-3 4-5-2 0-3.5 1-4 3m0-6c-3-1-4-3-4-5 2 0 3.5 1 4 3m0 2c3-1 4-3 4-5-2 0-3.5 1-4 3m0-3c-1.5-1-2-2.5-1.5-4.5 1.5.5 2 2 1.5 4.5Z" />
  ),
  star: <path d="m12 4 2.4 5 5.4.6-4 3.7 1.1 5.3L12 16l-4.9 2.6 1.1-5.3-4-3.7 5.4-.6Z" />,
  heart: <path d="M12 19s-7-4.4-7-9.5A3.9 3.9 0 0 1 12 7a3.9 3.9 0 0 1 7 2.5C19 14.6 12 19 12 19Z" />,
};

export const LABEL_ICONS = Object.keys(ICON_PATHS);

export function LabelIcon({ icon, colour }: { icon: string; colour: string }) {
  const path = ICON_PATHS[icon];
  return (
    <span className="label-icon" aria-hidden="true" style={{ backgroundColor: colour }}>
      {path ? (
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {path}
        </svg>
      ) : null}
    </span>
  );
}
