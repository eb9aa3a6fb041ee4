/**
 * The option panel's chunk, fetched once: on first open, or earlier when the guest points at or tabs to an
 * options button, or when the menu has painted and the browser is idle (ProductList).
 */
let panel: Promise<typeof import("./modifier-panel")> | null = null;

export function preloadModifierPanel(): Promise<typeof import("./modifier-panel")> {
  panel ??= import("./modifier-panel").catch((error: unknown) => {
    // A failed fetch (a new deployment, a dropped connection) may succeed on the next try.
    panel = null;
    throw error;
  });
  return panel;
}
