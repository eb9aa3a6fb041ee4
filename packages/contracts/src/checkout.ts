/**
 * Checkout calls of SPEC §7: the checkout itself, its instance settings, guest information, pickup
 * slots ("availableordertime"), delivery, and applying discounts and gift cards to a checkout.
 * Field names follow SPEC §3, enum numbers SPEC §4 (the constants live in @app/domain); money is DKK
 * numbers, instants ISO 8601 UTC.
 */
import { z } from "zod";
import { basketItemEchoFields } from "./basket";
import { BodyIntId, Dkk, EmptyBody, IntId, ignoredEcho, LocalDate, Uuid } from "./common";

/**
 * A text of at most `max` characters without NUL characters: PostgreSQL text cannot store them, so
 * they are refused as malformed input (400) instead of failing in the database.
 */
export function StoredText(max: number) {
  return z
    .string()
    .max(max)
    .refine((text) => !text.includes("\u0000"), "must not contain NUL characters");
}

/** An instant as ISO 8601 UTC ("2026-11-23T11:15:00.000Z"). */
const UtcInstant = z.iso.datetime();

/** Longest discount or gift-card code accepted; longer ones are malformed (400). */
const MAX_CODE_LENGTH = 64;

/**
 * A discount or gift-card code as typed: up to 64 characters after trimming. Matched case-insensitively
 * (the server normalizes it with @app/domain normalizeCode). An empty code is looked up like any other and
 * refused like an unknown one: the answer never tells a guesser an empty code from an unknown or expired one.
 */
export const CodeText = StoredText(MAX_CODE_LENGTH).trim();
/** Most items a pickup-slot or discount request may list. */
const MAX_REQUEST_ITEMS = 200;
/** Most product units one request may count (keeps absurd numbers out). */
const MAX_ITEM_COUNT = 10_000;

/**
 * The body of POSTs whose body the spec does not give: none at all (Fastify hands the schema null),
 * JSON null, or any JSON object, whose keys are ignored.
 */
export const NoBody = EmptyBody;

// ── Parameters ─────────────────────────────────────────────────────────────────────────────

export const CheckoutParams = z.object({ id: Uuid.describe("The checkout's id (a random UUID)") });
export type CheckoutParams = z.infer<typeof CheckoutParams>;

export const CreateCheckoutQuery = z.object({
  instanceId: IntId.describe("The module's checkoutInstanceId"),
  moduleId: IntId.describe("A module of the token's production unit"),
});
export type CreateCheckoutQuery = z.infer<typeof CreateCheckoutQuery>;

export const LinkBasketQuery = z.object({
  basketId: Uuid.describe(
    "A basket of the same production unit, not expired (120 minutes), never ordered and not linked to another " +
      "unfinished checkout",
  ),
});
export type LinkBasketQuery = z.infer<typeof LinkBasketQuery>;

export const InstanceSettingParams = z.object({
  instanceId: IntId.describe("The module's checkoutInstanceId"),
});
export type InstanceSettingParams = z.infer<typeof InstanceSettingParams>;

export const CheckoutDiscountParams = z.object({
  id: Uuid.describe("The checkout's id"),
  discountId: Uuid.describe("The applied discount (Checkout.discounts[].id)"),
});
export type CheckoutDiscountParams = z.infer<typeof CheckoutDiscountParams>;

export const CheckoutGiftcardParams = z.object({
  id: Uuid.describe("The checkout's id"),
  giftcardId: Uuid.describe("The applied gift card (Checkout.giftcards[].id)"),
});
export type CheckoutGiftcardParams = z.infer<typeof CheckoutGiftcardParams>;

// ── The checkout ───────────────────────────────────────────────────────────────────────────

export const CheckoutBasket = z
  .object({ externalBasketId: z.string().describe("The linked basket's id") })
  .meta({ id: "CheckoutBasket" });

export const CheckoutDiscount = z
  .object({
    id: z.string().describe("Id of the applied discount (for DELETE /checkout/{id}/discount/{discountId})"),
    discountCode: z.string().describe("The code, upper-case"),
    amount: Dkk.describe(
      "What the discount takes off the current basket, DKK (recomputed whenever the checkout is read)",
    ),
  })
  .meta({ id: "CheckoutDiscount" });
export type CheckoutDiscount = z.infer<typeof CheckoutDiscount>;

export const CheckoutGiftcard = z
  .object({
    id: z.string().describe("Id of the applied gift card (for DELETE /checkout/{id}/giftcard/{giftcardId})"),
    giftcardCode: z.string().describe("The gift card's code, upper-case"),
    amount: Dkk.describe("What the gift card will pay, DKK (capped at basket − discount + delivery fee)"),
  })
  .meta({ id: "CheckoutGiftcard" });
export type CheckoutGiftcard = z.infer<typeof CheckoutGiftcard>;

export const CheckoutDelivery = z
  .object({
    deliveryFee: Dkk.describe("The delivery fee of the chosen zip code, DKK"),
    fee: Dkk.describe("Same as deliveryFee (both names occur in the spec)"),
    zipCode: z.string().nullable().describe("The delivery zip code (4 digits)"),
    address: z.string().nullable().describe("The delivery address"),
    date: LocalDate.nullable().describe("The chosen delivery date (restaurant's local date), once chosen"),
    deliveryTime: UtcInstant.nullable().describe("The chosen delivery time (ISO 8601 UTC), once chosen"),
    stage: z.number().int().describe("INITIAL 0, ADDRESS_CHOSEN 1, DATE_CHOSEN 2, FINAL 3"),
  })
  .meta({ id: "CheckoutDelivery" });
export type CheckoutDelivery = z.infer<typeof CheckoutDelivery>;

export const GuestInformation = z
  .object({
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    orderComment: z.string().nullable(),
    amountOfGuests: z.number().int().nullable(),
    amountOfKids: z.number().int().nullable(),
  })
  .describe("What the guest entered (name and comment as stored: special characters stripped, & escaped)")
  .meta({ id: "GuestInformation" });
export type GuestInformation = z.infer<typeof GuestInformation>;

export const CheckoutTotals = z
  .object({
    basketTotal: Dkk.describe("Sum of the linked basket's lines, DKK"),
    discount: Dkk.describe("Discounts taken off (never more than the basket), DKK"),
    deliveryFee: Dkk.describe("Delivery fee (0 for pickup), DKK"),
    total: Dkk.describe("Order total: basket − discount + delivery fee, DKK"),
    giftcard: Dkk.describe("What the applied gift cards pay, DKK"),
    totalLeft: Dkk.describe(
      "What is still to pay: total − gift cards − online payments that hold the money (authorized or captured; " +
        "a refunded one pays nothing, pay-at-pickup payments are ignored), DKK",
    ),
  })
  .meta({ id: "CheckoutTotals" });
export type CheckoutTotals = z.infer<typeof CheckoutTotals>;

export const Checkout = z
  .object({
    id: z.string().describe("The checkout's id (random UUID)"),
    instanceId: z.number().int().describe("The checkout instance (the module's checkoutInstanceId)"),
    moduleId: z.number().int(),
    createdUtc: UtcInstant.describe("When the checkout was created (ISO 8601 UTC)"),
    state: z
      .number()
      .int()
      .describe("OPEN 0, PENDING 1, DONE 2, ERROR 3, FINALIZING 4; only an OPEN checkout can change"),
    checkoutBaskets: z.array(CheckoutBasket).describe("The linked basket (at most one)"),
    discounts: z.array(CheckoutDiscount).describe("The applied discount (at most one)"),
    giftcards: z.array(CheckoutGiftcard),
    orderId: z.string().nullable().describe("The order, once finalized"),
    payment: z
      .object({ paymentId: z.string() })
      .nullable()
      .describe(
        "The checkout's live payment (waiting CREATED, or holding AUTHORIZED/CAPTURED): the main one (online or " +
          "pay at pickup), else the gift-card payment that pays everything; null when none is live (a cancelled, " +
          "failed or refunded attempt leaves none). A checkout in ERROR 3 keeps the payment of the attempt that was " +
          "closed (now REFUNDED or CANCELLED): it cannot be reused, the order page shows the error.",
      ),
    delivery: CheckoutDelivery.nullable().describe("Delivery details; null for pickup"),
    guestInformation: GuestInformation,
    orderReadyTime: UtcInstant.nullable().describe(
      "The chosen pickup (or delivery) time, ISO 8601 UTC; null until chosen",
    ),
    totals: CheckoutTotals,
  })
  .meta({ id: "Checkout" });
export type Checkout = z.infer<typeof Checkout>;

// ── Instance settings ──────────────────────────────────────────────────────────────────────

export const InstanceSetting = z
  .object({
    instanceId: z.number().int().describe("The checkout instance"),
    isGiftcardEnabled: z.boolean(),
    isDiscountEnabled: z.boolean(),
    guestFutureOrderDates: z
      .number()
      .int()
      .describe("How many days after today a guest may order for (0 = today only)"),
    chainDeliveryEnabled: z.boolean(),
    orderTimeInterval: z.number().int().describe("Minutes between pickup slots"),
  })
  .meta({ id: "InstanceSetting" });
export type InstanceSetting = z.infer<typeof InstanceSetting>;

// ── Guest information ──────────────────────────────────────────────────────────────────────

const GuestCount = z.number().int().min(0).max(99).nullable().optional();

export const GuestInformationBody = z
  .object({
    name: StoredText(500)
      .nullable()
      .optional()
      .describe(
        "Required when requiredGuestInformation.name; quotes and angle brackets are removed and & escaped first, so a name that is empty after that counts as missing",
      ),
    phone: StoredText(100)
      .nullable()
      .optional()
      .describe(
        "Spaces, dashes, dots and parentheses are dropped and a leading +45 or 0045 removed (another country code keeps its digits without + or 00), then digits only, 8–20; required when requiredGuestInformation.phone",
      ),
    email: StoredText(500)
      .nullable()
      .optional()
      .describe("4–100 characters with one @ and a dot; required per settings"),
    orderComment: StoredText(2000)
      .nullable()
      .optional()
      .describe(
        "At most 125 characters, counted after sanitizing (an escaped & counts as one); over: 422 Input.Invalid",
      ),
    amountOfGuests: GuestCount.describe("0–99"),
    amountOfKids: GuestCount.describe("0–99"),
    orderReadyTime: UtcInstant.nullable()
      .optional()
      .describe(
        "The chosen pickup time: a slot's `time` from /availableordertime (for a delivery checkout: from " +
          "/checkout/{id}/delivery/times), ISO 8601 UTC. Omitted: the stored time stays; null: clears it (not chosen yet).",
      ),
  })
  .describe(
    "The guest's details and chosen pickup time, flat (SPEC §3 guestInformation; Checkout.guestInformation as " +
      "answered may be sent back). Unknown fields are dropped. Every field error is answered at once (422, one " +
      "entry per field).",
  )
  .meta({ id: "GuestInformationRequest" });
export type GuestInformationBody = z.infer<typeof GuestInformationBody>;

// ── Pickup slots ───────────────────────────────────────────────────────────────────────────

export const PickupTimeSlot = z
  .object({
    time: UtcInstant.describe("Start of the slot, ISO 8601 UTC (send it back as orderReadyTime)"),
    isAvailable: z.boolean().describe("Whether the kitchen can still make this basket for the slot"),
  })
  .meta({ id: "PickupTimeSlot" });
export type PickupTimeSlot = z.infer<typeof PickupTimeSlot>;

export const PickupTimeSlots = z.array(PickupTimeSlot).describe("Slots in time order; empty when closed that day");

/** A line of `items`: { productId, amount }, or a BasketItem exactly as GET /basket/{id} answered it. */
export const SlotItem = z
  .object({
    productId: BodyIntId.describe("A product"),
    amount: z.number().int().min(1).max(99).describe("Units of it"),
    ...basketItemEchoFields,
    choices: ignoredEcho("BasketItem.choices (list)", "options do not change a line's kitchen units"),
  })
  .describe("A basket line: productId and amount are used, every other BasketItem field is ignored")
  .meta({ id: "SlotItem" });

export const AvailableOrderTimeParams = z.object({
  id: Uuid.describe("The checkout the slots are for"),
});
export type AvailableOrderTimeParams = z.infer<typeof AvailableOrderTimeParams>;

export const AvailableOrderTimeBody = z
  .object({
    productionUnitId: BodyIntId.describe("The token's production unit"),
    date: LocalDate.describe("The restaurant's local date (today … today + guestFutureOrderDates)"),
    capacityInstanceId: BodyIntId.describe("The module's capacityInstanceId"),
    items: z
      .union([z.number().int().min(0).max(MAX_ITEM_COUNT), z.array(SlotItem).max(MAX_REQUEST_ITEMS)])
      .optional()
      .describe(
        "The basket's size in kitchen units: a number of units, or the lines as [{productId, amount}] (amounts " +
          "of the lines the kitchen makes summed: gift-card products and the module's bag-fee product count 0). " +
          "Never less than the checkout's linked basket: the larger of the two counts. Omitted: the kitchen units " +
          "of the checkout's linked basket.",
      ),
  })
  .describe("Unknown fields are dropped")
  .meta({ id: "AvailableOrderTimeRequest" });
export type AvailableOrderTimeBody = z.infer<typeof AvailableOrderTimeBody>;

export const AvailableOrderTimeDayParams = z.object({
  capacityInstanceId: IntId.describe("a: the module's capacityInstanceId"),
  date: LocalDate.describe("b: the restaurant's local date YYYY-MM-DD"),
});
export type AvailableOrderTimeDayParams = z.infer<typeof AvailableOrderTimeDayParams>;

// ── Delivery ───────────────────────────────────────────────────────────────────────────────

export const DeliveryAddressQuery = z.object({
  moduleId: IntId.describe("The checkout's module"),
  address: StoredText(300).optional().describe("Street and number (required: 'Please enter your address')"),
  zipcode: StoredText(20).optional().describe("4 digits, a zip code the restaurant delivers to"),
});
export type DeliveryAddressQuery = z.infer<typeof DeliveryAddressQuery>;

export const DeliveryDate = z
  .object({
    date: LocalDate.describe("A local date with delivery hours"),
    opens: z.string().describe("Delivery starts (HH:MM local)"),
    closes: z.string().describe("Delivery ends (HH:MM local, 24:00 = midnight)"),
  })
  .meta({ id: "DeliveryDate" });
export type DeliveryDate = z.infer<typeof DeliveryDate>;

export const DeliveryDates = z
  .array(DeliveryDate)
  .describe("Today … today + guestFutureOrderDates, days with delivery hours");

/**
 * The fields of Checkout.delivery (SPEC §3 "delivery") that the delivery date and time calls do not read:
 * a client may send back the delivery object it read, with the one field the call sets filled in.
 */
const deliveryEchoFields = {
  deliveryFee: ignoredEcho("CheckoutDelivery.deliveryFee (DKK number)"),
  fee: ignoredEcho("CheckoutDelivery.fee (DKK number)"),
  zipCode: ignoredEcho("CheckoutDelivery.zipCode (string or null)", "set by POST /checkout/{id}/delivery/address"),
  address: ignoredEcho("CheckoutDelivery.address (string or null)", "set by POST /checkout/{id}/delivery/address"),
  stage: ignoredEcho("CheckoutDelivery.stage (number)"),
};

export const DeliveryDateBody = z
  .object({
    date: LocalDate.describe("One of GET /checkout/{id}/delivery/dates"),
    ...deliveryEchoFields,
    deliveryTime: ignoredEcho(
      "CheckoutDelivery.deliveryTime (ISO 8601 UTC or null)",
      "choosing a date clears the time; set it with POST /checkout/{id}/delivery/time",
    ),
  })
  .describe("The delivery date; the other Checkout.delivery fields may be sent back and are ignored")
  .meta({ id: "DeliveryDateRequest" });
export type DeliveryDateBody = z.infer<typeof DeliveryDateBody>;

export const DeliveryTimeBody = z
  .object({
    deliveryTime: UtcInstant.describe("A slot's `time` from GET /checkout/{id}/delivery/times"),
    ...deliveryEchoFields,
    date: ignoredEcho(
      "CheckoutDelivery.date (YYYY-MM-DD or null)",
      "the date is the one chosen with POST /checkout/{id}/delivery/date",
    ),
  })
  .describe("The delivery time; the other Checkout.delivery fields may be sent back and are ignored")
  .meta({ id: "DeliveryTimeRequest" });
export type DeliveryTimeBody = z.infer<typeof DeliveryTimeBody>;

// ── Discounts and gift cards on a checkout ─────────────────────────────────────────────────

export const AddCheckoutDiscount = z
  .object({
    discountCode: CodeText.describe("The code (case-insensitive)"),
    id: ignoredEcho("CheckoutDiscount.id (string)", "applying a code makes a new discount"),
    amount: ignoredEcho("CheckoutDiscount.amount / the session's discount.amount (DKK number)"),
  })
  .describe(
    "Applies the code to the linked basket; replaces a discount applied before. SPEC §3 discount " +
      "{ discountCode, amount } (or a CheckoutDiscount as answered) may be sent: only discountCode is used.",
  )
  .meta({ id: "AddCheckoutDiscount" });
export type AddCheckoutDiscount = z.infer<typeof AddCheckoutDiscount>;

export const AddCheckoutGiftcard = z
  .object({
    giftcardCode: CodeText.describe("The gift card's code (case-insensitive)"),
    amount: z
      .number()
      .positive()
      .max(10_000_000)
      .nullish()
      // null (a client's "not chosen yet") means the same as leaving it out.
      .transform((amount) => amount ?? undefined)
      .describe(
        "DKK the guest wants to pay with it; capped at the balance and at basket − discount + delivery fee. Omitted " +
          "or null: as much as possible.",
      ),
    id: ignoredEcho("CheckoutGiftcard.id (string)", "applying a card makes a new gift-card entry"),
  })
  .describe(
    "Applies a gift card (SPEC §3 giftcard { giftcardCode, amount }, or a CheckoutGiftcard as answered); applying " +
      "the same card again replaces its amount. The balance is drawn when paying. Unknown fields are dropped.",
  )
  .meta({ id: "AddCheckoutGiftcard" });
export type AddCheckoutGiftcard = z.infer<typeof AddCheckoutGiftcard>;
