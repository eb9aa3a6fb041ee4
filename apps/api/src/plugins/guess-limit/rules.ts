/**
 * The rules of the guessing limits (decision 026), as pure functions of one kind's counters in one minute.
 * A try is looked up only if, counting every try still in flight as wrong, neither its token nor its address
 * would pass the limit; a try that is refused adds nothing; a right try gives its place back.
 */

/** One kind's counters of one minute, for the token and the client address of a try. */
export type GuessCounts = {
  /** Wrong tries of the token (any address). */
  tokenWrong: number;
  /** Tries of the token being looked up now: not yet known right or wrong. */
  tokenInFlight: number;
  /** Wrong tries charged to the address, and those in flight. */
  addressWrong: number;
  addressInFlight: number;
  /** The token's wrong and in-flight tries charged to this address: at most its share of the address's limit. */
  tokenAtAddress: number;
};

export type GuessLimits = {
  /** Wrong tries a token, and an address, get a minute (RATE_LIMIT_TRIES_PER_MINUTE). */
  triesPerMinute: number;
  /** How many of one token's tries the address is charged: the rest count for the token only. */
  tokenShareOfAddress: number;
};

export type TryVerdict =
  /** Look the code up; `chargedToAddress` says whether the address carries this try too. */
  | { verdict: "look-up"; chargedToAddress: boolean }
  /** Full only because of tries in flight: a right answer among them gives a place back soon, so ask again. */
  | { verdict: "wait" }
  /** Full with wrong tries: 429 until the minute is over. */
  | { verdict: "refuse" };

/**
 * Half the limit: one token that guesses (or one guest who mistypes) is stopped by its own limit and leaves the
 * address open to the other guests behind it; it takes two guessing tokens to lock an address.
 */
export function guessLimits(triesPerMinute: number): GuessLimits {
  return { triesPerMinute, tokenShareOfAddress: Math.ceil(triesPerMinute / 2) };
}

/**
 * Whether a try may be looked up. Decided before the lookup, so never by whether the code is right: a burst of
 * guesses from fresh tokens must not get all looked up and let the right code stand out as the one answer that
 * is not 429. Tries in flight count as wrong until they are known, so at most the limit are ever looked up.
 */
export function decideTry(counts: GuessCounts, { triesPerMinute, tokenShareOfAddress }: GuessLimits): TryVerdict {
  if (counts.tokenWrong >= triesPerMinute || counts.addressWrong >= triesPerMinute) return { verdict: "refuse" };
  const tokenFull = counts.tokenWrong + counts.tokenInFlight >= triesPerMinute;
  const addressFull = counts.addressWrong + counts.addressInFlight >= triesPerMinute;
  if (tokenFull || addressFull) return { verdict: "wait" };
  return { verdict: "look-up", chargedToAddress: counts.tokenAtAddress < tokenShareOfAddress };
}

/** What a try that is looked up adds to the counters while its answer is not known. */
export function reservationOf(chargedToAddress: boolean): Partial<GuessCounts> {
  return chargedToAddress ? { tokenInFlight: 1, addressInFlight: 1, tokenAtAddress: 1 } : { tokenInFlight: 1 };
}

/** What a looked-up try changes once its answer is known: a wrong one stays counted, a right one is given back. */
export function settlementOf(chargedToAddress: boolean, right: boolean): Partial<GuessCounts> {
  if (right)
    return chargedToAddress ? { tokenInFlight: -1, addressInFlight: -1, tokenAtAddress: -1 } : { tokenInFlight: -1 };
  return chargedToAddress
    ? { tokenInFlight: -1, tokenWrong: 1, addressInFlight: -1, addressWrong: 1 }
    : { tokenInFlight: -1, tokenWrong: 1 };
}
