import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isPasswordApproved, rememberLogin } from "../api/session-login";

export type LoginFormProps = {
  productionUnitId: number;
  onLoggedIn: () => void;
  /** Reports each attempt (the login webhook of SPEC §7, through our API). */
  onAttempt?: (attempt: { username: string; password: string }) => void;
};

type Problem = "Login.Required" | "Login.InvalidPassword" | null;

/** The session login of SPEC §4: any username; the password is the production unit id. */
export function LoginForm({ productionUnitId, onLoggedIn, onAttempt }: LoginFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<Problem>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setProblem("Login.Required");
      return;
    }
    // The server decides again from the password itself: what it forwards to the webhook is its own verdict.
    onAttempt?.({ username: username.trim(), password });
    const passwordApproved = isPasswordApproved(password, productionUnitId);
    if (!passwordApproved) {
      setProblem("Login.InvalidPassword");
      return;
    }
    setProblem(null);
    rememberLogin(productionUnitId);
    onLoggedIn();
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("Login.Title")}</h2>
      <label htmlFor={`${id}-username`}>{t("Login.Username")}</label>
      <input
        id={`${id}-username`}
        name="username"
        autoComplete="username"
        required
        aria-invalid={problem === "Login.Required" && !username.trim() ? true : undefined}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <label htmlFor={`${id}-password`}>{t("Login.Password")}</label>
      <input
        id={`${id}-password`}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        aria-invalid={
          problem === "Login.InvalidPassword" || (problem === "Login.Required" && !password) ? true : undefined
        }
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {/* Always in the page, so screen readers announce the message when it appears. */}
      <p role="alert" className="form-error">
        {problem ? t(problem) : null}
      </p>
      <button type="submit" className="button-primary">
        {t("Login.Submit")}
      </button>
    </form>
  );
}
