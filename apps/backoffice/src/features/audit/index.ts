export { AuditPage } from "./audit-page";
