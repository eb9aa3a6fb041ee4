import { PasswordResetRequest } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorSummary, SubmitButton, TextField } from "../../components/form";
import { PageHeading } from "../../components/page-heading";
import { useSchemaForm } from "../../lib/use-schema-form";
import { requestPasswordReset } from "./api";

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useSchemaForm({
    schema: PasswordResetRequest,
    initial: { email: "" },
    // Nothing here to lose: a reload or leaving does not ask.
    warnOnLeave: false,
    onValid: requestPasswordReset,
  });
  const labels = { email: t("signIn.email") };
  return (
    <>
      <PageHeading title={t("reset.title")} />
      {form.saved ? (
        <p className="notice" role="status">
          {t("reset.sent", { email: form.values.email.trim() })}
        </p>
      ) : (
        <form noValidate onSubmit={form.submit} className="form">
          <p>{t("reset.intro")}</p>
          <ErrorSummary errors={form.errors} labels={labels} attempt={form.attempt} />
          <TextField
            path="email"
            label={labels.email}
            type="email"
            autoComplete="username"
            inputMode="email"
            value={form.values.email}
            error={form.errors.email}
            onChange={(email) => form.update({ email })}
          />
          <div className="actions">
            <SubmitButton busy={form.busy}>{t("reset.submit")}</SubmitButton>
          </div>
        </form>
      )}
      <p>
        <Link to="/sign-in">{t("reset.back")}</Link>
      </p>
    </>
  );
}
