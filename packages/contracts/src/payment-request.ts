/**
 * The query of POST /checkout/{id}/payment as the API reads it: SPEC §7's parameters, with `isTest`
 * accepted for compatibility but ignored (a guest must not be able to mark a real payment as a test;
 * the provider decides).
 */
import { z } from "zod";
import { CreatePaymentQuery } from "./payment";

export const CreatePaymentRequestQuery = CreatePaymentQuery.extend({
  isTest: z
    .stringbool()
    .optional()
    .describe(
      "Accepted and ignored: whether a payment is a test is decided by the provider (the built-in `test` always is)",
    ),
});
export type CreatePaymentRequestQuery = z.infer<typeof CreatePaymentRequestQuery>;
