export * from "./client";
export type { OrderLineChoice, Translations } from "./schema";
export * as schema from "./schema";
export { seedDemoData } from "./seed";
