/** The restaurant's hours and ordering times: two forms, each saved on its own (owners and managers). */
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { LoadFailed, Loading } from "../../components/page-heading";
import { queryClient } from "../../lib/query-client";
import { hoursQuery, orderingQuery } from "./api";
import { HoursForm } from "./hours-form";
import { OrderingForm } from "./ordering-form";
import "./hours.css";

export function HoursSection({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const hours = useQuery(hoursQuery(restaurantId));
  const ordering = useQuery(orderingQuery(restaurantId));
  if (hours.isPending || ordering.isPending) return <Loading />;
  if (hours.isError || ordering.isError) return <LoadFailed />;
  return (
    <div className="hours-page">
      <p className="hint">{t("hours.intro")}</p>
      <HoursForm
        restaurantId={restaurantId}
        hours={hours.data}
        reload={() => queryClient.fetchQuery({ ...hoursQuery(restaurantId), staleTime: 0 })}
      />
      <OrderingForm
        restaurantId={restaurantId}
        ordering={ordering.data}
        reload={() => queryClient.fetchQuery({ ...orderingQuery(restaurantId), staleTime: 0 })}
      />
    </div>
  );
}
