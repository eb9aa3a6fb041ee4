/** "Shop.Example.dk.:443" → "shop.example.dk": hosts are matched without port, case or trailing dot. */
export function normalizeHost(domain: string): string {
  const lower = domain.trim().toLowerCase();
  const withoutPort = lower.startsWith("[") ? lower.replace(/^\[([^\]]+)\](:\d+)?$/, "$1") : lower.replace(/:\d+$/, "");
  return withoutPort.replace(/\.$/, "");
}
