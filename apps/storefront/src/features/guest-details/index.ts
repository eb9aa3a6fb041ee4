export { GuestInfoSection } from "./components/guest-info-section";
export { OrderCommentSection } from "./components/order-comment-section";
export { GuestDetailsPageProvider } from "./guest-details-page";
