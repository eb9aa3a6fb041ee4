import type { ServerResponse } from "node:http";
import { restaurantEventId } from "@app/contracts";
import type { RestaurantEventRow } from "./repository";
import { eventFrame, HEARTBEAT_FRAME, resyncFrame, SIGNED_OUT_FRAME } from "./sse-frames";

/**
 * One open event stream (a staff screen): the restaurants it follows, the last sequence number it was sent of
 * each, and its HTTP response. A cursor moves only when its event was written, so whatever the stream skips
 * (while its socket is full) is sent on a later read, in order, and nothing twice.
 */
export class ScreenStream {
  /** Since when (performance.now) the socket's buffer has been full; null while it takes more. */
  blockedSince: number | null = null;
  closed = false;

  constructor(
    private readonly response: ServerResponse,
    /** Last sequence number sent, per restaurant followed. */
    readonly cursors: Map<number, number>,
    /** Whether the session may still watch these restaurants (asked at every heartbeat). */
    readonly stillAllowed: () => Promise<boolean>,
    /** The socket took its buffer: the readers send what was held back. */
    private readonly onDrain: (stream: ScreenStream) => void,
  ) {}

  get productionUnitIds(): number[] {
    return [...this.cursors.keys()];
  }

  /** Whether the stream takes events now (open, and its socket not full). */
  get ready(): boolean {
    return !this.closed && this.blockedSince === null;
  }

  cursor(productionUnitId: number): number {
    return this.cursors.get(productionUnitId) ?? Number.POSITIVE_INFINITY;
  }

  /** Sends the event if it is the next one this stream needs; a gap (pruned events) is told as a resync first. */
  deliver(row: RestaurantEventRow): void {
    const cursor = this.cursor(row.productionUnitId);
    if (!this.ready || row.seq <= cursor) return;
    if (row.seq !== cursor + 1) this.write(resyncFrame(row.productionUnitId, row.seq - 1));
    this.write(eventFrame({ id: restaurantEventId(row.productionUnitId, row.seq), type: row.type, data: row.data }));
    this.cursors.set(row.productionUnitId, row.seq);
  }

  resync(productionUnitId: number, seq: number): void {
    this.write(resyncFrame(productionUnitId, seq));
    this.cursors.set(productionUnitId, seq);
  }

  heartbeat(): void {
    if (this.ready) this.write(HEARTBEAT_FRAME);
  }

  write(frame: string): void {
    if (this.closed) return;
    // write() keeps the frame either way; false says the socket is full: take no more until it drains.
    if (this.response.write(frame) || this.blockedSince !== null) return;
    this.blockedSince = performance.now();
    this.response.once("drain", () => {
      this.blockedSince = null;
      this.onDrain(this);
    });
  }

  /** Ends the stream (the client reconnects unless told it was signed out). */
  end(reason: "signed-out" | "closing" | "too-slow"): void {
    if (this.closed) return;
    if (reason === "signed-out") this.write(SIGNED_OUT_FRAME);
    this.closed = true;
    if (reason === "too-slow") this.response.destroy();
    else this.response.end();
  }
}
