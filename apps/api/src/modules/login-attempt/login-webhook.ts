import type { LoginAttemptWebhookBody } from "@app/contracts";
import { type PostLoginAttemptDeps, postLoginAttempt } from "./post-login-attempt";
import { createProblemReport, type ProblemSummary } from "./problem-report";

export type LoginWebhook = {
  /** Queues one post of the attempt (at most one: never retried); the answer to the guest never waits for it. */
  forward: (body: LoginAttemptWebhookBody) => void;
  /** Resolves once nothing is queued or under way (tests). */
  drained: () => Promise<void>;
  /** Drops what is still queued (counted), waits for the posts under way, and tells what is untold. */
  close: () => Promise<void>;
};

export type LoginWebhookOptions = Partial<Omit<PostLoginAttemptDeps, "webhookUrl">> & {
  /** LOGIN_WEBHOOK_URL; unset: attempts are forwarded nowhere. */
  webhookUrl: string | undefined;
  warn: (summary: ProblemSummary) => void;
  /** Attempts waiting at most; when full the oldest is dropped (counted), so the newest attempts are the ones told. */
  queueLimit?: number;
  /** Posts under way at once. */
  senders?: number;
  now?: () => number;
};

export const LOGIN_WEBHOOK_QUEUE_LIMIT = 100;
const SENDERS = 4;

/**
 * The login webhook behind a bounded queue: however many attempts arrive, at most `queueLimit` wait and
 * `senders` posts are under way, each attempt is posted once at most, and problems are told once a minute.
 */
export function createLoginWebhook(options: LoginWebhookOptions): LoginWebhook {
  const { webhookUrl, queueLimit = LOGIN_WEBHOOK_QUEUE_LIMIT, senders = SENDERS } = options;
  const report = createProblemReport(options.warn, { now: options.now });
  const queue: LoginAttemptWebhookBody[] = [];
  let underWay = 0;
  let whenDrained: (() => void)[] = [];

  function pump(): void {
    while (webhookUrl && underWay < senders && queue.length > 0) {
      const body = queue.shift() as LoginAttemptWebhookBody;
      underWay += 1;
      void postLoginAttempt({ webhookUrl, fetch: options.fetch, timeoutMs: options.timeoutMs }, body).then(
        (problem) => {
          if (problem !== undefined) report.failed(problem);
          underWay -= 1;
          pump();
        },
      );
    }
    if (underWay === 0 && queue.length === 0) {
      for (const resolve of whenDrained) resolve();
      whenDrained = [];
    }
  }

  const drained = () =>
    underWay === 0 && queue.length === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => whenDrained.push(resolve));

  return {
    forward(body) {
      if (!webhookUrl) return;
      if (queue.length >= queueLimit) {
        queue.shift();
        report.dropped();
      }
      queue.push(body);
      pump();
    },
    drained,
    async close() {
      for (; queue.length > 0; queue.shift()) report.dropped();
      await drained();
      report.close();
    },
  };
}
