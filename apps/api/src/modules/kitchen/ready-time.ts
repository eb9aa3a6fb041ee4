/**
 * Which ready times staff may set. A tablet's clock and a tap take a moment, so a time up to two minutes ago
 * still counts as "now"; further back it is a mistake (the guest would be told a time that has gone). A time
 * more than four hours after the later of now and the guest's own time is a mistyped hour, not a busy kitchen.
 */
import { invalid } from "../../errors";

export const READY_TIME_PAST_TOLERANCE_MS = 2 * 60_000;
export const READY_TIME_MAX_DELAY_MS = 4 * 60 * 60_000;

/** The ready time to set, or a 400 saying why it cannot be. */
export function checkReadyTime(readyTime: Date, input: { now: Date; guestTime: Date }): Date {
  if (readyTime.getTime() < input.now.getTime() - READY_TIME_PAST_TOLERANCE_MS) {
    throw invalid("Kitchen.ReadyTimePassed", "The ready time has already passed: choose a later time", "readyTime");
  }
  const latest = Math.max(input.now.getTime(), input.guestTime.getTime()) + READY_TIME_MAX_DELAY_MS;
  if (readyTime.getTime() > latest) {
    throw invalid(
      "Kitchen.ReadyTimeTooLate",
      "The ready time is more than 4 hours after the guest's time: check the hour",
      "readyTime",
    );
  }
  return readyTime;
}
