import { conflict } from "../../errors";

/**
 * The kitchen's refusal of a slot without room for the basket: the guest information, order
 * validation and finalize all give this one, so a client meets one code for it.
 */
export const slotFull = () =>
  conflict("SLOT_FULL", "The kitchen has no capacity left for the chosen pickup time. Please choose another time");
