import { lazy, Suspense } from "react";
import type { LoginFormProps } from "./login-form";

const loadLoginForm = () => import("./login-form");
const LoginFormChunk = lazy(() => loadLoginForm().then((module) => ({ default: module.LoginForm })));

/** Starts the form's download as soon as the gate is known to show (the front page's loader). */
export function preloadLoginForm(): void {
  void loadLoginForm();
}

/**
 * The session login form, in a chunk of its own: only a guest in front of the login gate needs it (a
 * restaurant with `requireLogin` off never shows it, a logged-in guest no more), so it stays out of the first
 * load of every page (decision 010's budget). Until it arrives a box of the form's size holds its place.
 */
export function LoginForm(props: LoginFormProps) {
  return (
    <Suspense fallback={<div className="login-form login-form-loading" aria-busy="true" />}>
      <LoginFormChunk {...props} />
    </Suspense>
  );
}
