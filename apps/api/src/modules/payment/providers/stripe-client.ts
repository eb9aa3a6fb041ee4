/**
 * The Stripe SDK's clients, one per secret key (each organisation has its own Stripe account), and the one
 * way a Stripe failure leaves this module: as a plain Error whose message names what went wrong and never
 * holds a secret. The SDK's own errors carry the raw answer and its headers, and a message may quote the key
 * it was sent ("Invalid API Key provided: sk_…"): logged as they are (pino writes every field of an error),
 * they could put a restaurant's key into the logs or into payment_refund.last_error.
 */
import Stripe from "stripe";
import { createStripeSdk, type StripeSdkOptions } from "../../../shared/stripe-sdk";
import type { PaymentAccountCredentials } from "../../payment-accounts";
import type { PaymentRow } from "./provider";

export const STRIPE_PROVIDER_NAME = "stripe";

/** How the provider's clients call Stripe (a guest waits for createPayment). */
export type StripeClientOptions = StripeSdkOptions;

export type StripeClients = { of: (secretKey: string) => Stripe };

export function stripeClients(options: StripeClientOptions): StripeClients {
  const clients = new Map<string, Stripe>();
  return {
    of(secretKey) {
      let client = clients.get(secretKey);
      if (!client) {
        client = createStripeSdk(secretKey, options);
        clients.set(secretKey, client);
      }
      return client;
    },
  };
}

/** Whether Stripe refused the call as invalid (4xx invalid_request_error), e.g. expiring a session no longer open. */
export function isInvalidRequest(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}

/**
 * A Stripe failure as an Error safe to log and store: the error's type, HTTP status and Stripe's message with
 * every secret of the account blotted out. Nothing else of the SDK's error is kept.
 */
export function stripeFailure(what: string, error: unknown, secrets: readonly string[]): Error {
  const redact = (text: string) =>
    secrets.reduce((clean, secret) => (secret ? clean.split(secret).join("[secret]") : clean), text);
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode === undefined ? "" : ` ${error.statusCode}`;
    return new Error(redact(`Stripe ${what} failed (${error.type}${status}): ${error.message}`));
  }
  const message = error instanceof Error ? error.message : String(error);
  return new Error(redact(`Stripe ${what} failed: ${message}`));
}

/** What the provider's routes use of it. */
export type StripeProviderContext = {
  credentials: PaymentAccountCredentials;
  clients: StripeClients;
  /** The session of a payment, read from Stripe with its restaurant's account. */
  retrieveSession: (payment: PaymentRow) => Promise<Stripe.Checkout.Session>;
  /** Expires an open session; answers the session as Stripe holds it afterwards (complete, if it was paid first). */
  expireSession: (payment: PaymentRow) => Promise<Stripe.Checkout.Session>;
};

/** An expandable field's id (Stripe answers the id, or the object when expanded). */
export function idOf(field: string | { id: string } | null | undefined): string | null {
  if (!field) return null;
  return typeof field === "string" ? field : field.id;
}
