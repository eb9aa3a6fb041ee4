export { phoneHref, phoneText } from "../../lib/phone-text";
export { getTerms } from "./api/get-terms";
export { DEFAULT_SETTINGS, parseSettings } from "./api/parse-settings";
export {
  type AppState,
  readMaintenanceFlag,
  type Shop,
  type StartAnswers,
  type StartDeps,
  startApp,
} from "./api/start-app";
export { BrandBar } from "./components/brand-bar";
export { HoursTodayProvider } from "./components/hours-today";
export { OrderingNotice } from "./components/ordering-notice";
export { RestaurantBand } from "./components/restaurant-band";
export { RestaurantContact } from "./components/restaurant-contact";
export { TestModeBand } from "./components/test-mode-band";
export { paragraphsOf, termsIn, termsTarget } from "./terms-language";
