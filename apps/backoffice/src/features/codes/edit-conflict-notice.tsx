import type { EditConflict } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { dateTimeText } from "../../lib/clock";

/**
 * Someone saved first: who and when, in the person's language. What was typed stays in the form; the button
 * takes the saved version instead.
 */
export function EditConflictNotice(props: { conflict: EditConflict; timeZone: string; onUseTheirs: () => void }) {
  const { t, i18n } = useTranslation();
  const { current } = props.conflict;
  const when = dateTimeText(current.updatedAt, props.timeZone, i18n.language, "short");
  return (
    <div className="notice warn" role="alert">
      <p>
        {t("codes.conflict", {
          who: current.updatedBy ? `${current.updatedBy.name} (${current.updatedBy.email})` : t("codes.someone"),
          when,
        })}
      </p>
      <button type="button" className="button" onClick={props.onUseTheirs}>
        {t("codes.useTheirs")}
      </button>
    </div>
  );
}
