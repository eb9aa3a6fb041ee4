export { postLoginAttempt } from "./api/post-login-attempt";
export {
  hasPassedLoginGate,
  isLoggedIn,
  isPasswordApproved,
  rememberLogin,
  SESSION_LOGIN_KEY,
} from "./api/session-login";
export { LoginForm, type LoginFormProps } from "./components/login-form";
