/**
 * Several field errors answered at once (SPEC §5: the guest sees every missing or invalid field,
 * not only the first). The shared error handler answers one AppError with one entry, so routes that
 * validate forms catch this and send the whole list themselves (see `answerFieldErrors`).
 */
import type { FastifyReply } from "fastify";

export type FieldError = { code: string; message: string; field: string };

export class FieldErrors extends Error {
  readonly status = 422;
  constructor(readonly errors: FieldError[]) {
    super(errors.map((error) => error.message).join("; "));
  }
}

/** Runs the work; FieldErrors become a 422 with every entry, anything else goes to the error handler. */
export async function answerFieldErrors<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FieldErrors) return reply.status(error.status).send({ errors: error.errors });
    throw error;
  }
}
