import { createContext, useContext } from "react";
import { clockTime } from "../../../lib/clock";

/** The restaurant's time zone for every time on the order screen (its cards, buttons and printed tickets). */
export const RestaurantTimeZone = createContext("Europe/Copenhagen");

/** HH:MM of an instant on the restaurant's clock. */
export function useClock(): (instant: string | Date) => string {
  const timeZone = useContext(RestaurantTimeZone);
  return (instant) => clockTime(instant, timeZone);
}
