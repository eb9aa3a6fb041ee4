import { ErrorBody, MENU_IMAGE_MAX_BYTES, MenuImageUploaded, RestaurantParams } from "@app/contracts";
import type { FastifyRequest } from "fastify";
import { type Api, type Deps, type RouteModule, requestDeps } from "../../deps";
import { AppError, invalid } from "../../errors";
import { acceptImageBodies } from "../../shared/image-body";
import { ADMIN_TAGS, MANAGERS, requireRestaurant, signedInStaff } from "../staff";
import { imageTooLarge, uploadMenuImage } from "./upload-menu-image";
import { type Admission, createUploadQueue } from "./upload-queue";

/**
 * Two images decoded at once (each on one libvips thread of libuv's pool), ten admitted: the other requests of
 * the process keep the event loop and most of the CPU (bench part 8; docs/decisions/035-menu-images.md).
 */
const UPLOAD_CONCURRENCY = 2;
const UPLOAD_CAPACITY = 10;
const BUSY_RETRY_AFTER_SECONDS = 5;

const admissions = new WeakMap<FastifyRequest, Admission>();

/** Menu images (issue 45): owners and managers upload product and category pictures. */
export const menuImageAdminRoutes: RouteModule = (admin, deps) => {
  void admin.register(async (scope) => uploadRoute(scope as Api, deps));
};

function uploadRoute(scope: Api, deps: Deps) {
  acceptImageBodies(scope, MENU_IMAGE_MAX_BYTES, imageTooLarge);
  const queue = createUploadQueue({ concurrency: UPLOAD_CONCURRENCY, capacity: UPLOAD_CAPACITY });
  scope.post(
    "/restaurants/:restaurantId/menu-images",
    {
      // Before the body is read: who may upload, and whether the process takes another upload now. So a refused
      // upload costs no 10 MB of memory, and at most UPLOAD_CAPACITY bodies are held at once.
      preParsing: async (request, reply) => {
        // The params are not validated yet (that comes after the body): still the path's string here.
        requireRestaurant(signedInStaff(request), Number(request.params.restaurantId), MANAGERS);
        const admission = queue.admit();
        if (!admission) throw busy();
        admissions.set(request, admission);
        reply.raw.once("close", admission.leave);
      },
      schema: {
        tags: ADMIN_TAGS,
        summary: "Upload a product or category image: JPEG, PNG or WebP, at most 10 MB, as the body (owners, managers)",
        description:
          "Send the file's bytes with Content-Type image/jpeg, image/png, image/webp or application/octet-stream. " +
          "The bytes decide: 400 Input.InvalidImage for anything else or a damaged file, 413 Input.ImageTooLarge " +
          "over 10 MB, 422 Input.ImageTooManyPixels over 40 megapixels, 503 UPLOADS_BUSY (Retry-After) when the " +
          "server is processing its most uploads at once. 201 with the WebP variants (320, 640, 1280 px wide, never " +
          "wider than the original); the same bytes again answer 200 with the same image.",
        params: RestaurantParams,
        response: {
          200: MenuImageUploaded,
          201: MenuImageUploaded,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          422: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const body: unknown = request.body;
      const admission = admissions.get(request);
      if (!Buffer.isBuffer(body) || body.length === 0 || !admission) {
        throw invalid(
          "Input.InvalidImage",
          "Send the image's bytes as the body (image/jpeg, image/png or image/webp)",
          "image",
        );
      }
      const staff = signedInStaff(request);
      const result = await uploadMenuImage(
        requestDeps(deps, request),
        staff,
        request.params.restaurantId,
        body,
        admission,
      );
      return reply.status(result.created ? 201 : 200).send(result.image);
    },
  );
}

function busy(): AppError {
  return new AppError(
    "unavailable",
    "UPLOADS_BUSY",
    "The server is processing many images right now; try again in a few seconds",
    "image",
    { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
  );
}
