/**
 * One section of the restaurant (details, settings, service, terms, maintenance) as a form edits it: the
 * restaurant as the form read it (`base`), whose version of the section every save sends back, so a save
 * someone else's save of that section overtook is refused (409 EditConflict) instead of putting their change
 * back. A save moves the base on to what was saved; loading the other version after a conflict, to what is
 * stored now. The base is kept by the form, not taken from the page's query: that one is read again (a focus,
 * another form's save) while what the person typed is still based on the older version.
 */
import type { Restaurant, RestaurantSection, UpdateRestaurantRequest } from "@app/contracts";
import { useState } from "react";
import { reloadRestaurant, updateRestaurant } from "./api";

/** The request saving `change` of one section, based on the version that section had in `base`. */
export function sectionRequest(
  section: RestaurantSection,
  base: Restaurant,
  change: Omit<UpdateRestaurantRequest, "versions">,
): UpdateRestaurantRequest {
  return { ...change, versions: { [section]: base.versions[section] } };
}

export function useSectionSave(restaurant: Restaurant, section: RestaurantSection) {
  const [base, setBase] = useState(restaurant);
  const save = async (change: Omit<UpdateRestaurantRequest, "versions">) => {
    const saved = await updateRestaurant(base.id, sectionRequest(section, base, change));
    setBase(saved);
    return saved;
  };
  const reload = async () => {
    const current = await reloadRestaurant(base.id);
    setBase(current);
    return current;
  };
  return { base, save, reload };
}
