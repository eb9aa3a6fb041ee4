export { HoursRoute } from "./hours-route";
