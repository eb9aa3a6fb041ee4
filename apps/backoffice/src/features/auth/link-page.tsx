import { type LinkInfo, MIN_PASSWORD_LENGTH, UseLinkRequest } from "@app/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ErrorSummary, SubmitButton, TextField } from "../../components/form";
import { Loading, PageHeading } from "../../components/page-heading";
import { meQuery } from "../../lib/session";
import { useSchemaForm } from "../../lib/use-schema-form";
import { acceptInvitation, linkQuery, setPasswordThroughLink } from "./api";

/**
 * /admin/link/:token — an invite, a password reset or the first owner's setup: choose a password; an existing
 * account's invitation to another organisation (join): accept it.
 */
export function LinkPage() {
  const { t } = useTranslation();
  const token = useParams().token ?? "";
  const link = useQuery(linkQuery(token));
  if (link.isPending) {
    return (
      <>
        <PageHeading title={t("link.title")} />
        <Loading />
      </>
    );
  }
  if (link.isError) return <InvalidLink />;
  if (link.data.purpose === "join") return <AcceptInvitation token={token} info={link.data} />;
  return <ChoosePassword token={token} info={link.data} />;
}

function InvalidLink() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t("link.invalidTitle")} />
      <p>{t("link.invalid")}</p>
      <Link to="/forgot-password">{t("signIn.forgot")}</Link>
    </>
  );
}

/** An organisation's invitation to an existing account: accepting is all; the password stays as it is. */
function AcceptInvitation({ token, info }: { token: string; info: LinkInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<"asking" | "busy" | "accepted" | "failed">("asking");
  const organisation = info.organisationName ?? "";
  const title = t("link.purpose.join", { organisation, role: t(`link.roleAs.${info.role ?? "staff"}`) });
  const signedIn = queryClient.getQueryData(meQuery.queryKey) !== undefined;
  if (state === "failed") return <InvalidLink />;
  if (state === "accepted") {
    return (
      <>
        <PageHeading title={title} />
        <p role="status">{t("link.joined", { organisation })}</p>
        <Link className="button primary" to={signedIn ? "/" : "/sign-in"}>
          {signedIn ? t("link.toRestaurants") : t("signIn.submit")}
        </Link>
      </>
    );
  }
  const accept = async () => {
    if (state === "busy") return;
    setState("busy");
    try {
      await acceptInvitation(token);
      // A signed-in account has the organisation on its next GET /me.
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      setState("accepted");
    } catch {
      setState("failed");
    }
  };
  return (
    <>
      <PageHeading title={title} />
      <p>{t("link.for", { email: info.email })}</p>
      <p>{t("link.joinIntro", { organisation })}</p>
      <div className="actions">
        <button
          className="button primary"
          type="button"
          aria-disabled={state === "busy" || undefined}
          onClick={() => void accept()}
        >
          {t("link.accept")}
        </button>
      </div>
    </>
  );
}

function ChoosePassword({ token, info }: { token: string; info: LinkInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const asksName = info.purpose !== "reset";
  const form = useSchemaForm({
    schema: UseLinkRequest,
    initial: { password: "", name: info.name },
    // Nothing here to lose: a reload or leaving does not ask.
    warnOnLeave: false,
    toInput: (values) => ({ password: values.password, ...(asksName ? { name: values.name } : {}) }),
    onValid: async (body) => {
      await setPasswordThroughLink(token, body);
      // Some links sign the person in at once; otherwise they sign in with the new password. Signed in here, they
      // land where signing in lands them (the sign-in page's state): staff of one restaurant on its orders, not on
      // the list of their one restaurant.
      const me = await queryClient.fetchQuery(meQuery).catch(() => undefined);
      if (me) await navigate("/", { state: { signedIn: true } });
      else await navigate("/sign-in?done=password");
    },
  });
  const labels = { name: t("link.name"), password: t("link.password") };
  const longEnough = form.values.password.length >= MIN_PASSWORD_LENGTH;
  return (
    <>
      <PageHeading title={t(`link.purpose.${info.purpose}`, { organisation: info.organisationName ?? "" })} />
      <p>{t("link.for", { email: info.email })}</p>
      <form noValidate onSubmit={form.submit} className="form">
        <ErrorSummary errors={form.errors} labels={labels} attempt={form.attempt} />
        {asksName && (
          <TextField
            path="name"
            label={labels.name}
            autoComplete="name"
            value={form.values.name}
            error={form.errors.name}
            onChange={(name) => form.update({ name })}
          />
        )}
        <input type="hidden" name="username" autoComplete="username" value={info.email} />
        <TextField
          path="password"
          label={labels.password}
          hint={t("link.rules", { count: MIN_PASSWORD_LENGTH })}
          type="password"
          autoComplete="new-password"
          value={form.values.password}
          error={form.errors.password}
          onChange={(password) => form.update({ password })}
        />
        <p className={longEnough ? "rule met" : "rule"} aria-live="polite">
          {longEnough
            ? t("link.lengthMet", { count: MIN_PASSWORD_LENGTH })
            : t("link.lengthMissing", { count: MIN_PASSWORD_LENGTH - form.values.password.length })}
        </p>
        <div className="actions">
          <SubmitButton busy={form.busy}>{t("link.submit")}</SubmitButton>
        </div>
      </form>
    </>
  );
}
