/**
 * Optimistic concurrency for everything the back office edits (issue 45): a save sends the `version` it was
 * based on; when someone saved in between, the save is refused with 409 EditConflict naming who changed it and
 * when, and nothing is written. The screen then shows the current version next to what was typed.
 */
import { z } from "zod";

/** The version a row had when the editor read it; every save of an existing row sends it back. */
export const EditVersion = z.number().int().positive().describe("The version this edit was based on");

export const EditedBy = z.object({
  version: z.number().int().positive(),
  updatedAt: z.string().describe("ISO time of the last save"),
  /** null when the seed or a deleted account saved last. */
  updatedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type EditedBy = z.infer<typeof EditedBy>;

/** 409: someone else saved first. `errors` repeats code and message like every other error answer. */
export const EditConflict = z
  .object({
    code: z.literal("EDIT_CONFLICT"),
    message: z.string(),
    current: EditedBy,
    errors: z.array(z.object({ code: z.string(), message: z.string() })),
  })
  .meta({ id: "EditConflict" });
export type EditConflict = z.infer<typeof EditConflict>;
