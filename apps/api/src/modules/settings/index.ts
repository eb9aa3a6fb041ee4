/** What other features use of the settings feature. */
export { getModuleSettings } from "./module-settings";
