export { ForgotPasswordPage } from "./forgot-password-page";
export { LinkPage } from "./link-page";
export { SignInPage } from "./sign-in-page";
