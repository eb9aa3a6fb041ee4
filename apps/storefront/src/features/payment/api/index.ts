/** The payment and order calls as one object: the pages take it as a prop, a test hands it a fake. */
import { addPayment } from "./add-payment";
import { cancelPayment } from "./cancel-payment";
import { finalizeCheckout } from "./finalize-checkout";
import { getOrder } from "./get-order";
import { getPayment } from "./get-payment";

export const paymentApi = { addPayment, cancelPayment, finalizeCheckout, getOrder, getPayment };

export type PaymentApi = typeof paymentApi;
