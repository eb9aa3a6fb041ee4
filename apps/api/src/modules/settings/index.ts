/** What other features use of the settings feature. */
export { getModuleSettings } from "./get-module-settings";
