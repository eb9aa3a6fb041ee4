/** Column shapes that many tables share. */
import { integer, jsonb, timestamp } from "drizzle-orm/pg-core";

/** A translatable text: a map from language code to text. */
export type Translations = Partial<Record<string, string>>;

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
export const translations = (name: string) => jsonb(name).$type<Translations>().notNull().default({});

/**
 * Bumped by database triggers (migration 0002) on every change of the instance's catalogue rows,
 * so every API process can name a catalogue answer by (instance, version) with one small query.
 */
export const catalogueVersion = () => integer("catalogue_version").notNull().default(1);
