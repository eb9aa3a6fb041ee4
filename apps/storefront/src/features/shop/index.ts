export { DEFAULT_SETTINGS, parseSettings } from "./api/parse-settings";
export {
  type AppState,
  readMaintenanceFlag,
  type Shop,
  type StartAnswers,
  type StartDeps,
  startApp,
} from "./api/start-app";
