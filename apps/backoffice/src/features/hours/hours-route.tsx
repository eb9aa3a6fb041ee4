import { useParams } from "react-router";
import { HoursSection } from "./hours-page";

/** /restaurants/:restaurantId/hours, a section of the restaurant's pages (restaurant-layout.tsx). */
export function HoursRoute() {
  return <HoursSection restaurantId={Number(useParams().restaurantId)} />;
}
