/**
 * The answers of the reads src/early-reads.ts started before the app had run (/checkout only): the API client
 * asks here before it sends a GET, and takes a read only when it is the very request the app would send (same
 * URL, same bearer token) and it succeeded. Each read is taken once; anything else goes to the network.
 */
import { EARLY_READS_SYMBOL } from "@app/contracts/storefront-boot";
import type { EarlyRead } from "../early-reads";

function earlyReads(): Map<string, EarlyRead> | undefined {
  return (globalThis as Record<symbol, Map<string, EarlyRead> | undefined>)[Symbol.for(EARLY_READS_SYMBOL)];
}

/**
 * The early answer for a GET of `url` sent with `authorization` (null: none), or undefined when no read was
 * started for it. The promise resolves to undefined when the read does not fit (another token) or failed:
 * the caller then sends the request itself.
 */
export function takeEarlyAnswer(url: string, authorization: string | null): Promise<Response | undefined> | undefined {
  const reads = earlyReads();
  const read = reads?.get(url);
  if (!reads || !read) return undefined;
  reads.delete(url);
  return answerFor(read, authorization);
}

async function answerFor(read: EarlyRead, authorization: string | null): Promise<Response | undefined> {
  try {
    const bearer = read.bearer ? await read.bearer : undefined;
    if (authorization !== (bearer ? `Bearer ${bearer}` : null)) return undefined;
    const answer = await read.answer;
    return answer.ok ? answer : undefined;
  } catch {
    return undefined;
  }
}
