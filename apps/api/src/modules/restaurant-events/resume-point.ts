import { parseRestaurantEventId } from "@app/contracts";
import { invalid } from "../../errors";

/**
 * The Last-Event-ID a client resumes after (the header, or `?lastEventId=` for clients that cannot set headers):
 * `<productionUnitId>:<seq>`, or several comma-separated for a client that keeps one per restaurant. Answers the
 * sequence number per restaurant (the highest where one is named twice); empty without any.
 */
export function parseResumePoint(value: string | undefined): Map<number, number> {
  const after = new Map<number, number>();
  if (value === undefined || value.trim() === "") return after;
  for (const part of value.split(",")) {
    const id = parseRestaurantEventId(part);
    if (!id) {
      throw invalid(
        "Events.BadLastEventId",
        "Last-Event-ID must be <restaurant>:<number>, as the stream sent it",
        "lastEventId",
      );
    }
    after.set(id.productionUnitId, Math.max(id.seq, after.get(id.productionUnitId) ?? 0));
  }
  return after;
}
