/**
 * A version for an edited section whose rows have no version column (the hours, the ordering times, a
 * restaurant's details, settings, service, terms, maintenance flag): derived from the section's contents as read,
 * so the same contents give the same number and any change another (a 31-bit slice of a SHA-256, a positive int
 * as the contract's EditVersion). No migration, no counter to keep in step with every writer, and no ABA
 * problem worth the name: a section changed and changed back has the very contents the editor read.
 */
import { createHash } from "node:crypto";
import type { EditConflict } from "@app/contracts";

const MAX_VERSION = 2_147_483_647;

export function sectionVersion(contents: unknown): number {
  const digest = createHash("sha256").update(JSON.stringify(contents)).digest();
  return (digest.readUInt32BE(0) % (MAX_VERSION - 1)) + 1;
}

/** A save based on other contents than the current: the route answers 409 with `answer` (who saved since, when). */
export class StaleSection extends Error {
  constructor(readonly answer: EditConflict) {
    super(answer.message);
  }
}
