export { startRetentionLoop } from "./sweep-retention";
