export * from "./client";
export { DataDirInUseError } from "./data-dir-lock";
export type { OrderLineChoice, Translations } from "./schema";
export * as schema from "./schema";
export { seedDemoData } from "./seed";
