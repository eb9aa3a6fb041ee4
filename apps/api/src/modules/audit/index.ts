export { type AuditChange, recordAudit } from "./record-audit";
