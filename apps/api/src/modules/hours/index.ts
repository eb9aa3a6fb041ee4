/** The hours and ordering editors: nothing is used from outside but their routes (modules/index.ts). */
export { hoursAdminRoutes } from "./routes";
