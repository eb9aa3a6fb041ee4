export { postLoginAttempt } from "./api/post-login-attempt";
export {
  hasPassedLoginGate,
  isLoggedIn,
  isPasswordApproved,
  rememberLogin,
  SESSION_LOGIN_KEY,
} from "./api/session-login";
export { LoginForm, preloadLoginForm } from "./components/lazy-login-form";
export type { LoginFormProps } from "./components/login-form";
