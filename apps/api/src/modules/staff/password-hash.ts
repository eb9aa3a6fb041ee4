/**
 * Staff passwords are stored as argon2id hashes with OWASP's parameters (19 MiB, 2 passes, 1 lane:
 * https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id), in the PHC string
 * format (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`, base64 without padding), which names its own
 * parameters: hashes made before a change of parameters still verify. @node-rs/argon2 works on libuv's thread
 * pool, so the event loop keeps serving while a password is hashed (docs/decisions/030-staff-sign-in.md).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { hash, hashRaw } from "@node-rs/argon2";

/** Algorithm.Argon2id: the package's enum is a `const enum`, which isolated modules cannot import. */
const ARGON2ID = 2;
const OWASP_ARGON2ID = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OWASP_ARGON2ID);
}

/**
 * A hash of a password nobody knows, made once with the same parameters: an unknown email, or an account without
 * a password yet, is checked against it, so the answer takes as long as for a known email with a wrong password.
 */
let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` is the one `stored` was made from: the hash is computed again with the stored salt and
 * parameters and compared with timingSafeEqual. Without a stored hash the dummy is checked and the answer is
 * false, in the same time.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hashPassword(randomBytes(32).toString("base64url"));
    await matches(await dummyHash, password);
    return false;
  }
  return matches(stored, password);
}

const PHC_ARGON2ID = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

async function matches(stored: string, password: string): Promise<boolean> {
  const parts = PHC_ARGON2ID.exec(stored);
  // A hash that is not an argon2id PHC string (a hand-edited row) signs no one in.
  if (!parts) return false;
  const [, version, memoryCost, timeCost, parallelism, salt, expected] = parts as unknown as string[];
  const want = Buffer.from(expected as string, "base64");
  const got = await hashRaw(password, {
    algorithm: ARGON2ID,
    version: Number(version) === 0x13 ? 1 : 0,
    memoryCost: Number(memoryCost),
    timeCost: Number(timeCost),
    parallelism: Number(parallelism),
    outputLen: want.length,
    salt: Buffer.from(salt as string, "base64"),
  });
  return got.length === want.length && timingSafeEqual(got, want);
}
