import { Checkout, CheckoutParams, ErrorBody, GuestInformationBody } from "@app/contracts";
import type { RouteModule } from "../../deps";
import { saveGuestInformation } from "./save-guest-information";

const tags = ["Checkout"];

const notOpenNote = "Only an OPEN checkout can change: otherwise 409 CHECKOUT_NOT_OPEN.";

/** The guest's details and chosen time on a checkout (they travel together, issue 4). */
export const guestInformationRoutes: RouteModule = (api, { db, now }) => {
  const deps = { db, now };

  api.post(
    "/checkout/:id/guestInformation",
    {
      schema: {
        tags,
        summary: "Save the guest's details and chosen pickup time",
        description:
          "Flat body; the whole form is replaced. Name and comment are sanitized first (quotes and angle brackets " +
          "removed, & escaped; stored that way), then the stored values are checked (SPEC §5, per the module's " +
          "requiredGuestInformation): MissingFields.Name/Phone/Email (empty, also after sanitizing: a name of '<>' is " +
          "missing), Input.InvalidPhone (digits only, 8–20, after spaces, dashes, dots, parentheses and a leading +45/0045 are dropped: '+45 12 34 56 78' is stored as 12345678), Input.Invalid (email; or a comment over 125 characters, " +
          "field orderComment). Every field error is answered at once (422, one entry per field). orderReadyTime " +
          "must be a slot `time` from /availableordertime (for a delivery checkout: from " +
          "/checkout/{id}/delivery/times): else 422 DeliveryMethod.TimePicker; a slot that no longer fits the " +
          `basket is 409 SLOT_FULL (as at finalize). ${notOpenNote}`,
        params: CheckoutParams,
        body: GuestInformationBody,
        response: { 200: Checkout, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => saveGuestInformation(deps, request.productionUnitId, request.params.id, request.body),
  );
};
