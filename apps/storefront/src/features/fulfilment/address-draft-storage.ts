/**
 * The delivery address as the guest typed it, kept on every keystroke (lib/draft-storage), so a reload gives back
 * what was typed, also before the check and after a refusal ("we cannot deliver there": the guest corrects one
 * digit, not the whole address). The session holds only the address the server accepted.
 */
import { STORAGE_KEYS } from "@app/contracts/storefront-boot";
import { rememberDraft, storedDraft } from "../../lib/draft-storage";

export type AddressDraft = { address: string; zipCode: string; floorDoor: string };

type DraftStorage = Pick<Storage, "getItem" | "setItem">;

/** The typed address, or null when none is stored (or it is unreadable). */
export function storedAddressDraft(storage?: DraftStorage): AddressDraft | null {
  return storedDraft(STORAGE_KEYS.checkoutAddressDraft, asAddressDraft, storage);
}

export function rememberAddressDraft(draft: AddressDraft, storage?: DraftStorage): void {
  rememberDraft(STORAGE_KEYS.checkoutAddressDraft, draft, storage);
}

function asAddressDraft(value: unknown): AddressDraft | null {
  if (typeof value !== "object" || value === null) return null;
  const { address, zipCode, floorDoor } = value as Record<string, unknown>;
  if (typeof address !== "string" || typeof zipCode !== "string" || typeof floorDoor !== "string") return null;
  return { address, zipCode, floorDoor };
}
