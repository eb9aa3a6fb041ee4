import { describe, expect, test } from "vitest";
import { isDatabaseUnavailable } from "./unavailable";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How Drizzle hands a driver error on: its own error, the driver's as `cause`. */
const wrapped = (cause: Error) => new Error("Failed query: select 1", { cause });

describe("isDatabaseUnavailable", () => {
  test.each([
    ["the server refuses connections", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["an immediate shutdown", withCode("terminating connection due to administrator command", "57P01")],
    ["a server still starting", withCode("the database system is starting up", "57P03")],
    ["a connection exception", withCode("connection failure", "08006")],
    ["a dropped connection", new Error("Connection terminated unexpectedly")],
    ["a pool that cannot connect in time", new Error("timeout exceeded when trying to connect")],
  ])("%s is unavailable, also wrapped by Drizzle", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  test.each([
    ["a unique violation", withCode('duplicate key value violates unique constraint "x"', "23505")],
    ["a syntax error", withCode('syntax error at or near "selec"', "42601")],
    ["a serialization failure", withCode("could not serialize access", "40001")],
    ["a bug in our code", new TypeError("Cannot read properties of undefined")],
    ["not an error at all", "Connection terminated"],
  ])("%s is a fault, not unavailability", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    if (error instanceof Error) expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});
