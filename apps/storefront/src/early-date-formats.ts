/**
 * ICU starts its date formats on a page's first Intl.DateTimeFormat, which the app's first render makes (the
 * lunch rule's hour, packages/domain local-time.ts; pickup times): 26–38 ms in Node on our 2-core machine,
 * 124–291 ms of a phone's main thread in Chromium with 4× CPU throttling (Lighthouse traces, decision 016).
 * Made here, that start-up runs while the app's bundle downloads and the main thread has nothing else to do;
 * the app's own formatters are then quick to make.
 *
 * The server adds this entry (an async module of its own, importing nothing, decision 016) to every page
 * (apps/api/src/plugins/storefront-route-hints.ts). It decides nothing: without it the app pays the start-up
 * in its first render, as before.
 */
function startDateFormats(): void {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: "UTC", hour: "2-digit", minute: "2-digit" }).format(0);
  } catch {
    // An engine without Intl time zones: the app finds out itself.
  }
}

// After the other early scripts that arrived with this one: /checkout's early reads start their requests first.
setTimeout(startDateFormats, 0);

// A module (it runs as `<script type="module">`), though it exports nothing.
export {};
