/**
 * The delivery address as the guest typed it, kept in local storage on every keystroke, so a reload (or the back
 * button and forward again) gives back what was typed, also before the check and after a refusal ("we cannot
 * deliver there": the guest corrects one digit, not the whole address). The session holds only the address the
 * server accepted. The key starts with the checkout prefix (@app/contracts STORAGE_KEYS): clearing the order
 * wipes it with the rest of the checkout.
 */
import { STORAGE_KEYS } from "@app/contracts/storefront-boot";
import { browserStorage, safely } from "../../lib/browser-storage";

export type AddressDraft = { address: string; zipCode: string; floorDoor: string };

type DraftStorage = Pick<Storage, "getItem" | "setItem">;

/** The typed address, or null when none is stored (or it is unreadable). */
export function storedAddressDraft(storage: DraftStorage | undefined = browserStorage()): AddressDraft | null {
  const text = safely(() => storage?.getItem(STORAGE_KEYS.checkoutAddressDraft));
  if (!text) return null;
  const value = safely(() => JSON.parse(text) as unknown);
  if (typeof value !== "object" || value === null) return null;
  const { address, zipCode, floorDoor } = value as Record<string, unknown>;
  if (typeof address !== "string" || typeof zipCode !== "string" || typeof floorDoor !== "string") return null;
  return { address, zipCode, floorDoor };
}

export function rememberAddressDraft(draft: AddressDraft, storage: DraftStorage | undefined = browserStorage()): void {
  safely(() => storage?.setItem(STORAGE_KEYS.checkoutAddressDraft, JSON.stringify(draft)));
}
