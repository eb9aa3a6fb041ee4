/**
 * Secrets restaurants give us (a payment provider's API key and webhook signing secret) are stored sealed:
 * AES-256-GCM under a key derived from the server's SECRETS_KEY, with a fresh 96-bit nonce per seal. The sealed
 * text names what it seals (`context`: the row and the field), so a sealed value copied into another row or
 * field does not open there. Opening anything altered, or with another SECRETS_KEY, throws.
 *
 * Format: "v1." + base64url(nonce ‖ ciphertext ‖ 16-byte tag).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1.";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export type SecretBox = {
  seal: (plaintext: string, context: string) => string;
  open: (sealed: string, context: string) => string;
};

/** A box for the server's SECRETS_KEY (config.secretsKey); the raw key is only ever used to derive the AES key. */
export function createSecretBox(secretsKey: Uint8Array): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", secretsKey, new Uint8Array(0), "secret-box v1 aes-256-gcm", 32));
  return {
    seal(plaintext, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return VERSION + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString("base64url");
    },
    open(sealed, context) {
      if (!sealed.startsWith(VERSION)) throw new Error("Not a sealed secret");
      const bytes = Buffer.from(sealed.slice(VERSION.length), "base64url");
      if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new Error("Not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      const body = bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    },
  };
}
