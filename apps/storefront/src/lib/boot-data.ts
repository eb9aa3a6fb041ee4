/**
 * The data blocks the server puts in the page for its host (apps/api/src/plugins/storefront-boot-data.ts; their
 * ids are @app/contracts BOOT_BLOCK_IDS): what the app start would otherwise ask the API for first. Absent
 * in `npm run dev`, `vite preview` and on any failure: the app then asks the API itself.
 */

/** The parsed JSON of the `<script type="application/json" id>` block, or undefined when missing or broken. */
export function readDataBlock<T>(id: string, doc: Document | undefined = globalThis.document): T | undefined {
  const text = doc?.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
