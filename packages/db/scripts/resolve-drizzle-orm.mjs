/**
 * npm installs drizzle-orm inside packages/db while drizzle-kit sits at the root, and drizzle-kit
 * imports drizzle-orm from its own folder. This hook (with NODE_PATH for its `require`s) makes
 * `npm run db:generate` resolve drizzle-orm from this package, whatever npm decides to hoist.
 */
import { register } from "node:module";

const dbPackage = new URL("../package.json", import.meta.url).href;

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/")) {
        return next(specifier, { ...context, parentURL: ${JSON.stringify(dbPackage)} });
      }
      return next(specifier, context);
    }
  `)}`,
);
