import type { Restaurant } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { DetailsForm } from "./details-form";
import { useRestaurant } from "./restaurant-layout";
import { useSectionSave } from "./section-save";

function detailsOf(restaurant: Restaurant) {
  const { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone, hosts, defaultLanguage } = restaurant;
  return { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone, hosts, defaultLanguage };
}

/** Owners edit the details; a manager reads them (hosts and the CVR number are the owner's to change). */
export function DetailsSection() {
  const { t } = useTranslation();
  const { restaurant, isOwner } = useRestaurant();
  const saving = useSectionSave(restaurant, "details");
  const details = detailsOf(restaurant);
  const { hosts } = details;
  return (
    <section aria-labelledby="section-title">
      <h2 id="section-title">{t("restaurant.details")}</h2>
      {isOwner ? (
        <DetailsForm
          initial={details}
          submitLabel={t("form.save")}
          section="details"
          onSave={(changed) => saving.save({ details: changed })}
          reload={async () => detailsOf(await saving.reload())}
        />
      ) : (
        <dl className="details-list">
          {(["name", "address", "zipCode", "phone", "receiptEmail", "cvrNumber", "timeZone"] as const).map((key) => (
            <div key={key}>
              <dt>{t(`details.${key}`)}</dt>
              <dd>{details[key]}</dd>
            </div>
          ))}
          <div>
            <dt>{t("details.hosts")}</dt>
            <dd>{hosts.join(", ")}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
