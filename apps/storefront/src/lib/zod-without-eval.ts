/**
 * Zod 4 compiles its object parsers with `new Function` where it may, and probes whether it may by
 * calling `Function("")` once. Under the storefront's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval': docs/decisions/008-security-headers.md) the probe is refused and reported as a CSP
 * violation, although Zod then falls back by itself. `jitless` skips the probe and the compiling:
 * https://github.com/colinhacks/zod/discussions/6671. Imported first in main.tsx, before any schema parses.
 */
import { z } from "zod";

z.config({ jitless: true });
