/**
 * The query builder's operators (eq, and, sql, …) for code that queries this package's schema.
 * Everything imports Drizzle through here, so one copy of it builds every query.
 */
export * from "drizzle-orm";
