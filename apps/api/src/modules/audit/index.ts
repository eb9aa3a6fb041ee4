export { type AuditChange, recordAudit, SYSTEM_ACTOR_EMAIL, type SystemActor } from "./record-audit";
export { findLatestAuditEntry } from "./repository";
