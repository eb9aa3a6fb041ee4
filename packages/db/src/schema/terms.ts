/**
 * A module's terms of trade (handelsbetingelser), which the storefront shows at /terms and guests accept at the
 * checkout. One row per module, written by the restaurant's tools (the seed, later the back office); the settings
 * module reads it. `sections` holds, per language code, the ordered sections: a heading and its paragraphs.
 */
import { date, integer, jsonb, pgTable } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";
import { module } from "./tenancy";

/** One section of the terms in one language: its heading and its text, paragraphs separated by a blank line. */
export type TermsSectionText = { heading: string; body: string };

export const moduleTerms = pgTable("module_terms", {
  moduleId: integer("module_id")
    .primaryKey()
    .references(() => module.id, { onDelete: "cascade" }),
  /** Language code → the sections in that language, in reading order. */
  sections: jsonb("sections").$type<Partial<Record<string, TermsSectionText[]>>>().notNull(),
  /** The date the restaurant says these terms apply from ("last updated"), shown above them. */
  effectiveFrom: date("effective_from").notNull(),
  updatedAt: updatedAt(),
});
