/**
 * The restaurant's logo: an uploaded PNG, JPEG or WebP, checked by its bytes (read-image-header.ts) and its pixel
 * count (image-pixels.ts: it is served as uploaded, to every guest's phone), stored by
 * its content hash (the settings feature owns brand images) and named by the `logo` app setting the storefront
 * shows. One transaction, one audit entry with the URL before and after.
 */
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, type Restaurant } from "@app/contracts";
import type { Deps } from "../../deps";
import { AppError, invalid } from "../../errors";
import { requirePixelsAtMost } from "../../shared/image-pixels";
import { readImageHeader } from "../../shared/read-image-header";
import { recordAudit } from "../audit";
import { saveBrandImage, saveSettings } from "../settings";
import { MANAGERS, requireRestaurant, type SignedInStaff } from "../staff";
import { readRestaurant } from "./read-restaurant";

export function imageTooLarge(): AppError {
  return new AppError(
    "invalid",
    "Input.ImageTooLarge",
    `The logo may be at most ${LOGO_MAX_BYTES / 1024 / 1024} MB`,
    "logo",
    { status: 413 },
  );
}

/** Sets the uploaded image as the logo; `bytes` null removes the logo. */
export async function setLogo(
  deps: Deps,
  staff: SignedInStaff,
  productionUnitId: number,
  bytes: Buffer | null,
): Promise<Restaurant> {
  const { db } = deps;
  requireRestaurant(staff, productionUnitId, MANAGERS);
  const image = bytes === null ? null : checkedImage(bytes);
  const before = await readRestaurant(db, productionUnitId);
  const at = deps.now();
  await db.transaction(async (tx) => {
    const logo = image && (await saveBrandImage(tx, { ...image, organisationId: before.organisationId }));
    if (logo === before.logo) return;
    await saveSettings(tx, before.moduleId, { logo });
    await recordAudit(tx, staff, at, {
      organisationId: before.organisationId,
      productionUnitId,
      action: "logo.update",
      before: before.logo,
      after: logo,
    });
  });
  await deps.changes.settleEverywhere();
  return readRestaurant(db, productionUnitId);
}

function checkedImage(bytes: Buffer): { bytes: Buffer; contentType: string } {
  if (bytes.length > LOGO_MAX_BYTES) throw imageTooLarge();
  // Any size is read, so that too many pixels is said as such, not as a wrong format.
  const header = readImageHeader(bytes, Number.POSITIVE_INFINITY);
  if (!header) {
    throw invalid("Input.InvalidImage", "The logo must be a PNG, JPEG or WebP image (not SVG)", "logo");
  }
  requirePixelsAtMost(header, LOGO_MAX_PIXELS, "logo");
  return { bytes, contentType: header.contentType };
}
