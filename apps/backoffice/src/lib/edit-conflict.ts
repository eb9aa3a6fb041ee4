import type { EditConflict } from "@app/contracts";
import { ApiError } from "./api";

/** The 409 EditConflict of a save (someone saved first), when that is what refused it. */
export function editConflictOf(error: unknown): EditConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as Partial<EditConflict> | undefined;
  return body?.code === "EDIT_CONFLICT" && body.current ? (body as EditConflict) : null;
}
