/**
 * Where receipts go. Email: through SMTP with nodemailer when SMTP_URL is set, else rendered to an
 * .eml file in DATA_DIR/outbox (open it in any mail program). SMS: through an `SmsProvider`; the
 * default writes DATA_DIR/outbox/<orderId>.sms.txt. A real SMS gateway is one module implementing
 * `SmsProvider`.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../../config";

export type EmailMessage = {
  /** A receipt's order: its outbox file is `<orderId>.eml`, and the mail carries X-Order-Id. */
  orderId?: string;
  /**
   * Any other message (the back office's links and notices, a kitchen message about an order) names its outbox
   * file `<outboxName>.eml`; it wins over orderId, so an order's later messages never overwrite its receipt.
   */
  outboxName?: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
};

/** `outboxName` names the outbox file of a message other than the receipt (`<outboxName>.sms.txt`). */
export type SmsMessage = { orderId: string; to: string; text: string; outboxName?: string };

export interface EmailSender {
  readonly kind: "smtp" | "outbox";
  send(message: EmailMessage): Promise<void>;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export function outboxDir(config: Pick<Config, "dataDir">): string {
  return join(config.dataDir, "outbox");
}

export function createEmailSender(config: Pick<Config, "smtpUrl" | "receiptFrom" | "dataDir">): EmailSender {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: "smtp",
      async send(message) {
        await transport.sendMail(toMail(config.receiptFrom, message));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    async send(message) {
      const info = await transport.sendMail(toMail(config.receiptFrom, message));
      const name = message.outboxName ?? message.orderId ?? randomUUID();
      await writeToOutbox(config, `${name}.eml`, info.message as Buffer);
    },
  };
}

export function outboxSmsProvider(config: Pick<Config, "dataDir">): SmsProvider {
  return {
    name: "outbox",
    async send(message) {
      await writeToOutbox(
        config,
        `${message.outboxName ?? message.orderId}.sms.txt`,
        `To: ${message.to}\n\n${message.text}\n`,
      );
    },
  };
}

/**
 * Writes a file into the outbox, making the folder only when it is missing (the first receipt, or the folder
 * cleared while the API runs): asked before every receipt, it cost about 1 % of the API's CPU in a lunch rush.
 *
 * Synchronously, as PGlite writes the database files beside it: a few kilobytes into the page cache take
 * ~0.1 ms of the thread, where fs/promises' open, write and close, each handed to a worker thread and back,
 * cost ~0.4 ms of CPU on the same core (measured with --cpu-prof during the bench's lunch rush).
 */
async function writeToOutbox(config: Pick<Config, "dataDir">, fileName: string, data: string | Buffer): Promise<void> {
  const file = join(outboxDir(config), fileName);
  try {
    writeFileSync(file, data);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(outboxDir(config), { recursive: true });
    writeFileSync(file, data);
  }
}

function toMail(from: string, message: EmailMessage) {
  return {
    from,
    // Address objects, not strings: nodemailer parses a string as an address list (names, groups, commas).
    to: { name: "", address: message.to },
    ...(message.replyTo ? { replyTo: { name: "", address: message.replyTo } } : {}),
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.orderId ? { headers: { "X-Order-Id": message.orderId } } : {}),
  };
}
