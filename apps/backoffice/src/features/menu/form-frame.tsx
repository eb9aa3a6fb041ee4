/**
 * What every form of the menu editor has around its fields: the error summary, the notice of a stale save, and
 * Save with its "Saved" note. Deleting sits apart (delete-button.tsx), outside the form.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, SavedNote, SubmitButton } from "../../components/form";
import { ConflictNotice } from "./conflict-notice";
import { useMenuEditor } from "./editor-context";
import type { useEditForm } from "./use-edit-form";

type AnyForm = Pick<
  ReturnType<typeof useEditForm>,
  "errors" | "attempt" | "busy" | "saved" | "submit" | "conflict" | "loadTheirs" | "saveMine"
>;

export function FormFrame(props: {
  form: AnyForm;
  labels: Record<string, string>;
  submitLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { restaurant } = useMenuEditor();
  const { form } = props;
  return (
    <form noValidate onSubmit={form.submit} className={props.className ?? "form"}>
      <ConflictNotice
        conflict={form.conflict}
        timeZone={restaurant.timeZone}
        busy={form.busy}
        onLoadTheirs={() => void form.loadTheirs()}
        onSaveMine={() => void form.saveMine()}
      />
      <ErrorSummary errors={form.errors} labels={props.labels} attempt={form.attempt} />
      {props.children}
      <div className="actions">
        <SubmitButton busy={form.busy}>{props.submitLabel ?? t("form.save")}</SubmitButton>
        <SavedNote shown={form.saved} />
      </div>
    </form>
  );
}
