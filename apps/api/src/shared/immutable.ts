/**
 * Answers named by a hash of their bytes (uploaded logos, menu images): the same URL never names other bytes, so
 * browsers and proxies keep them for a year and never ask again (https://www.rfc-editor.org/rfc/rfc8246).
 */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
