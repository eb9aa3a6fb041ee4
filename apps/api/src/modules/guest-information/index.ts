/** What the app uses of the guest-information feature. */
export { guestInformationRoutes } from "./routes";
