/**
 * A manager uploads a product's or category's picture: checked by its bytes, decoded with a pixel limit, turned
 * into WebP variants, stored in the database by the SHA-256 of the uploaded bytes. The same bytes again are the
 * same image: nothing is decoded or written twice, and the answer is the same. An upload is not yet used: the
 * retention sweep deletes it once it has stayed unreferenced for UNREFERENCED_MENU_IMAGE_DAYS (its clock starts
 * at the upload, and again at an upload of the same bytes), unless a save names it first.
 */
import {
  MENU_IMAGE_DEFAULT_WIDTH,
  MENU_IMAGE_MAX_BYTES,
  MENU_IMAGE_MAX_PIXELS,
  type MenuImageUploaded,
  menuImageUrl,
} from "@app/contracts";
import type { Deps } from "../../deps";
import { AppError, invalid, notFound } from "../../errors";
import { requirePixelsAtMost, tooManyPixels } from "../../shared/image-pixels";
import { readImageHeader } from "../../shared/read-image-header";
import { recordAudit } from "../audit";
import { MANAGERS, requireRestaurant, type SignedInStaff } from "../staff";
import { findRestaurantRows, requireOwnModule } from "../tenancy";
import { withDecoderPriorityLowered } from "./decoder-priority";
import { makeVariants, TooManyPixels, type Variants } from "./make-variants";
import { findVariantSizes, insertImage, restartImageClock, type VariantSize } from "./repository";
import type { Admission } from "./upload-queue";

const FIELD = "image";

export function imageTooLarge(): AppError {
  return new AppError(
    "invalid",
    "Input.ImageTooLarge",
    `The image may be at most ${MENU_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
    FIELD,
    { status: 413 },
  );
}

const notAnImage = () => invalid("Input.InvalidImage", "The file must be a JPEG, PNG or WebP image", FIELD);
const unreadable = () =>
  invalid("Input.InvalidImage", "The image could not be read: the file is damaged or incomplete", FIELD);

export type UploadResult = { created: boolean; image: MenuImageUploaded };

/** In flight in this process, by hash: a second upload of the same bytes waits for the first's result. */
const inFlight = new Map<string, Promise<UploadResult>>();

export async function uploadMenuImage(
  deps: Deps,
  staff: SignedInStaff,
  productionUnitId: number,
  bytes: Buffer,
  admission: Admission,
): Promise<UploadResult> {
  requireRestaurant(staff, productionUnitId, MANAGERS);
  checkHeader(bytes);
  const hash = await sha256(bytes);
  const stored = (await restartImageClock(deps.db, hash, deps.now())) ? await findVariantSizes(deps.db, hash) : [];
  if (stored.length > 0) return { created: false, image: toAnswer(hash, stored) };
  const running = inFlight.get(hash);
  if (running) return { created: false, image: (await running).image };
  const upload = store(deps, staff, productionUnitId, hash, bytes, admission);
  inFlight.set(hash, upload);
  try {
    return await upload;
  } finally {
    inFlight.delete(hash);
  }
}

/** What the bytes say before anything is decoded: an image of ours, and not too many pixels. */
function checkHeader(bytes: Buffer): void {
  const header = readImageHeader(bytes, Number.POSITIVE_INFINITY);
  if (!header) throw notAnImage();
  requirePixelsAtMost(header, MENU_IMAGE_MAX_PIXELS, FIELD);
}

/** SHA-256 through WebCrypto: Node computes it on the thread pool, so 10 MB do not hold the event loop. */
async function sha256(bytes: Buffer): Promise<string> {
  return Buffer.from(await crypto.subtle.digest("SHA-256", bytes)).toString("hex");
}

async function store(
  deps: Deps,
  staff: SignedInStaff,
  productionUnitId: number,
  hash: string,
  bytes: Buffer,
  admission: Admission,
): Promise<UploadResult> {
  const restaurant = await findRestaurant(deps, productionUnitId);
  const variants = await admission.process(() => withDecoderPriorityLowered(() => decode(deps, bytes)));
  const created = await deps.db.transaction(async (tx) => {
    const inserted = await insertImage(tx, {
      hash,
      productInstanceId: restaurant.productInstanceId,
      uploadedAt: deps.now(),
      ...variants,
    });
    if (!inserted) return false;
    await recordAudit(tx, staff, deps.now(), {
      organisationId: restaurant.organisationId,
      productionUnitId,
      action: "menu_image.upload",
      before: null,
      after: {
        hash,
        bytes: bytes.length,
        width: variants.width,
        height: variants.height,
        variants: variants.variants.map(({ width, height, bytes: webp }) => ({ width, height, bytes: webp.length })),
      },
    });
    return true;
  });
  return { created, image: toAnswer(hash, variants.variants) };
}

async function findRestaurant(deps: Deps, productionUnitId: number) {
  const [row] = await findRestaurantRows(deps.db, [productionUnitId]);
  if (!row || row.unit.organisationId === null) throw notFound("Restaurant");
  const module = await requireOwnModule(deps.db, row.moduleId, productionUnitId);
  return { organisationId: row.unit.organisationId, productInstanceId: module.productInstanceId };
}

async function decode(deps: Deps, bytes: Buffer): Promise<Variants> {
  try {
    return await makeVariants(bytes);
  } catch (error) {
    if (error instanceof TooManyPixels) throw tooManyPixels(MENU_IMAGE_MAX_PIXELS, FIELD);
    // The user is told the file is damaged; libvips's own words stay in the log.
    deps.log.info({ err: error }, "menu image not decoded");
    throw unreadable();
  }
}

function toAnswer(hash: string, variants: VariantSize[]): MenuImageUploaded {
  return {
    hash,
    url: menuImageUrl(hash, MENU_IMAGE_DEFAULT_WIDTH),
    variants: variants.map(({ width, height }) => ({ width, height, url: menuImageUrl(hash, width) })),
  };
}
