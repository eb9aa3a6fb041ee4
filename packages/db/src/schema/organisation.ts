/** An organisation: a restaurant business or chain, which owns restaurants and employs staff (schema/staff.ts). */
import { pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const organisation = pgTable("organisation", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});
