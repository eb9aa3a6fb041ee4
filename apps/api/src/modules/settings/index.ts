/** What other features use of the settings feature. */
export { brandImageUrl, saveBrandImage } from "./brand-images";
export { getModuleSettings } from "./get-module-settings";
export { findUnitDefaultLanguage, restaurantInMaintenance } from "./restaurant-flags";
export { type EditableTerms, readTermsForEditing, saveModuleTerms } from "./save-module-terms";
export {
  DEFAULT_LANGUAGE_SETTING,
  MAINTENANCE_SETTING,
  type RestaurantOwnSettings,
  readOwnSettings,
  readSettingsForEditing,
  saveSettings,
} from "./save-settings";
export {
  ACKNOWLEDGE_MINUTES_SETTING,
  AUTO_REJECT_MINUTES_SETTING,
  DEFAULT_SERVICE_SETTINGS,
  readServiceSettings,
  type ServiceSettings,
} from "./service-settings";
