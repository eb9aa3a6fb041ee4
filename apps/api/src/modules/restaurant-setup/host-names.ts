/**
 * A restaurant's host names: stored as the storefront matches them (shared/normalize-host.ts: no port, case
 * or trailing dot), each answered by one module on the whole server. module_domain's primary key is what
 * keeps them unique, also when two owners claim one host at the same moment; the check before the write only
 * names the taken host for the form.
 */
import type { Executor } from "@app/db";
import { AppError } from "../../errors";
import { normalizeHost } from "../../shared/normalize-host";
import { findTakenHosts } from "../tenancy";

/** The hosts as stored: normalised, each once, in the order given. */
export function normaliseHosts(hosts: string[]): string[] {
  return [...new Set(hosts.map(normalizeHost))];
}

/** 409 naming the first host of `hosts` (as sent, `field` prefix + index) that another module answers on. */
export async function refuseTakenHosts(
  db: Executor,
  sent: string[],
  field: string,
  exceptModuleId?: number,
): Promise<void> {
  const taken = new Set(await findTakenHosts(db, normaliseHosts(sent), exceptModuleId));
  const index = sent.findIndex((host) => taken.has(normalizeHost(host)));
  if (index >= 0) {
    throw new AppError(
      "conflict",
      "Input.HostTaken",
      `Another restaurant already answers on ${normalizeHost(sent[index]!)}`,
      `${field}.${index}`,
    );
  }
}

/** PostgreSQL's unique_violation (23505), also wrapped by Drizzle (its `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `write`; when a host of `sent` was taken between the check and the commit (another owner's save won the
 * race), answers the same 409 as the check would have.
 */
export async function withHostsClaimed<T>(
  db: Executor,
  sent: string[],
  field: string,
  exceptModuleId: number | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await refuseTakenHosts(db, sent, field, exceptModuleId);
    throw error;
  }
}
