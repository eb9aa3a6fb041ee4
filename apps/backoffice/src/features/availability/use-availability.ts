import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { availabilityQuery } from "./api";

/** The restaurant's availability in the screen's language. */
export function useAvailability(restaurantId: number) {
  const { i18n } = useTranslation();
  return useQuery(availabilityQuery(restaurantId, i18n.language));
}
