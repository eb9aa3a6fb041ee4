import type { ChangeFeed } from "@app/db";

/**
 * Values read from the database, kept in memory for as long as the change feed says nothing they come
 * from has changed (packages/db/src/change-feed.ts). Everything is forgotten when the feed's generation
 * moves; while the feed is not live (its listener lost) every get reads the database.
 *
 * A value is tagged with the generation before it was read: when a change is notified while the read
 * runs, the value is answered to this caller but not kept, so a read that raced an edit never outlives it.
 */
export class ChangeBoundCache<V> {
  private readonly entries = new Map<string, V>();
  private generation = -1;

  constructor(
    private readonly feed: ChangeFeed,
    readonly maxEntries = 10_000,
  ) {}

  /** The kept value of `key`, or undefined; only while the feed is live and nothing changed. */
  peek(key: string): V | undefined {
    if (!this.current()) return undefined;
    return this.entries.get(key);
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (!this.current()) return load();
    if (this.entries.has(key)) return this.entries.get(key) as V;
    const readUnder = this.feed.generation;
    const value = await load();
    if (this.feed.live && this.feed.generation === readUnder) this.keep(key, value);
    return value;
  }

  /** Whether kept entries may be used; forgets them all when the generation moved. */
  private current(): boolean {
    if (!this.feed.live) return false;
    if (this.generation !== this.feed.generation) {
      this.entries.clear();
      this.generation = this.feed.generation;
    }
    return true;
  }

  private keep(key: string, value: V): void {
    if (this.entries.size >= this.maxEntries) {
      // Oldest first (Map keeps insertion order): ids a client made up to fill the cache go first.
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, value);
  }
}
