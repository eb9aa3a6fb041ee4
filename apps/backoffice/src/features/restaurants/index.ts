export { BrandSection } from "./brand-section";
export { CreateRestaurantPage } from "./create-restaurant-page";
export { DashboardPage } from "./dashboard-page";
export { DetailsSection } from "./details-section";
export { RestaurantLayout } from "./restaurant-layout";
export { SettingsSection } from "./settings-section";
export { TermsSection } from "./terms-section";
