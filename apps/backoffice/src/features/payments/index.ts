export { paymentsPath } from "./api";
export { PaymentsPage } from "./payments-page";
