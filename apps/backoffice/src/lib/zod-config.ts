import { z } from "zod";

/**
 * zod compiles object schemas with `new Function` unless told not to; the page's CSP (`script-src 'self'`, no
 * 'unsafe-eval') refuses that, and each refusal is a reported violation. Imported first (main.tsx), before any
 * schema of @app/contracts is built or used.
 */
z.config({ jitless: true });
