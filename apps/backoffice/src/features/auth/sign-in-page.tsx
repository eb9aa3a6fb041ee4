import { SignInRequest } from "@app/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ErrorSummary, SubmitButton, TextField } from "../../components/form";
import { PageHeading } from "../../components/page-heading";
import { ApiError } from "../../lib/api";
import { meQuery } from "../../lib/session";
import { useSchemaForm } from "../../lib/use-schema-form";
import { signIn } from "./api";

/** Only a path of this app: an outside address in ?next= must not become a redirect. */
export function safeNext(next: string | null): string {
  return next?.startsWith("/") && !next.startsWith("//") ? next : "/";
}

export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: SignInRequest,
    initial: { email: "", password: "" },
    // Nothing here to lose: a reload or leaving does not ask.
    warnOnLeave: false,
    onValid: async (credentials) => {
      try {
        queryClient.setQueryData(meQuery.queryKey, await signIn(credentials));
      } catch (error) {
        // One answer for an unknown address and a wrong password: the server does not say which, nor do we.
        if (error instanceof ApiError && error.status === 401) throw new ApiError(401, [signInRefused()]);
        if (error instanceof ApiError && error.status === 429) throw new ApiError(429, [tooMany()]);
        throw error;
      }
      // The page it opens may send staff on to their orders (the dashboard does): it knows they just signed in.
      await navigate(safeNext(params.get("next")), { state: { signedIn: true } });
    },
  });
  const labels = { email: t("signIn.email"), password: t("signIn.password") };
  return (
    <>
      <PageHeading title={t("signIn.title")} />
      {params.get("done") === "password" && <p className="notice">{t("link.done")}</p>}
      <form noValidate onSubmit={form.submit} className="form">
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
        <TextField
          path="password"
          label={labels.password}
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          error={form.errors.password}
          onChange={(password) => form.update({ password })}
        />
        <div className="actions">
          <SubmitButton busy={form.busy}>{t("signIn.submit")}</SubmitButton>
          <Link to="/forgot-password">{t("signIn.forgot")}</Link>
        </div>
      </form>
    </>
  );
}

const signInRefused = () => ({ code: "SIGN_IN_REFUSED", message: "Wrong email or password", field: undefined });
const tooMany = () => ({ code: "TOO_MANY_TRIES", message: "Too many tries", field: undefined });
