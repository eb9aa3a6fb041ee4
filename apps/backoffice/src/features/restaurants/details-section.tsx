import { useTranslation } from "react-i18next";
import { updateRestaurant } from "./api";
import { DetailsForm } from "./details-form";
import { useRestaurant } from "./restaurant-layout";

/** Owners edit the details; a manager reads them (hosts and the CVR number are the owner's to change). */
export function DetailsSection() {
  const { t } = useTranslation();
  const { restaurant, isOwner } = useRestaurant();
  const { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone, hosts, defaultLanguage } = restaurant;
  const details = { name, address, zipCode, phone, receiptEmail, cvrNumber, timeZone, hosts, defaultLanguage };
  return (
    <section aria-labelledby="section-title">
      <h2 id="section-title">{t("restaurant.details")}</h2>
      {isOwner ? (
        <DetailsForm
          initial={details}
          submitLabel={t("form.save")}
          section="details"
          onSave={(changed) => updateRestaurant(restaurant.id, { details: changed })}
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
