import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { PageHeading } from "../../components/page-heading";
import { ownerOf, useMe } from "../../lib/session";
import { createRestaurant } from "./api";
import { DetailsForm, EMPTY_DETAILS } from "./details-form";

/** An owner opens a new restaurant in their organisation; then its brand, settings and terms. */
export function CreateRestaurantPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const organisationId = Number(useParams().organisationId);
  const me = useMe();
  const organisation = me.memberships.find((m) => m.organisationId === organisationId);
  if (!organisation || !ownerOf(me, organisationId)) {
    return (
      <>
        <PageHeading title={t("notFound.title")} />
        <p>{t("notFound.text")}</p>
      </>
    );
  }
  return (
    <>
      <PageHeading title={t("create.title")} />
      <p className="muted">{t("create.intro", { organisation: organisation.organisationName })}</p>
      <DetailsForm
        initial={EMPTY_DETAILS}
        submitLabel={t("create.submit")}
        onSave={async (details) => {
          const created = await createRestaurant(organisationId, details);
          await navigate(`/restaurants/${created.id}/brand`);
        }}
      />
    </>
  );
}
