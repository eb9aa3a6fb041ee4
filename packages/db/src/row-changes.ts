/**
 * Row-level changes heard from the database (migration 0007): each names what the changed row belongs to
 * by a tag, `b:<basket id>`, `c:<checkout id>`, `d:<discount code id>`, or `*` for everything.
 *
 * A cache keeping an answer read from several rows asks, when the read is done, whether any of the tags
 * it learned during the read changed after it started (`changedSince` with the `sequence` it started at):
 * a notification that arrived while the read ran means the answer may already be old. The last change of
 * each tag is remembered up to a bound; past it, older reads are answered "changed" (never a wrong "no").
 */
export class RowChanges {
  private sequenceNow = 0;
  private readonly lastChangeOf = new Map<string, number>();
  /** Reads that started before this may have missed a forgotten change. */
  private forgottenUpTo = 0;
  private readonly listeners = new Set<(tag: string) => void>();

  constructor(private readonly remembered = 100_000) {}

  /** Moves with every change heard; a read notes it when it starts. */
  get sequence(): number {
    return this.sequenceNow;
  }

  record(tag: string): void {
    const sequence = ++this.sequenceNow;
    // Delete first so the map's order stays the order of last change: the oldest goes first.
    this.lastChangeOf.delete(tag);
    this.lastChangeOf.set(tag, sequence);
    if (this.lastChangeOf.size > this.remembered) {
      const [oldest, itsSequence] = this.lastChangeOf.entries().next().value as [string, number];
      this.lastChangeOf.delete(oldest);
      this.forgottenUpTo = itsSequence;
    }
    for (const listener of this.listeners) listener(tag);
  }

  /** Whether anything tagged `tags` (or everything) may have changed after `sequence`. */
  changedSince(tags: readonly string[], sequence: number): boolean {
    if (this.forgottenUpTo > sequence || (this.lastChangeOf.get("*") ?? 0) > sequence) return true;
    return tags.some((tag) => (this.lastChangeOf.get(tag) ?? 0) > sequence);
  }

  /** Calls `listener` with the tag of every change from now on; returns how to stop. */
  onChange(listener: (tag: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
