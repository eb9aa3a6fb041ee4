import { describe, expect, test } from "vitest";
import { matchesIfNoneMatch, weakEtag } from "./http-cache";

describe("weakEtag", () => {
  test("is the same for equal answers and differs for different ones", () => {
    expect(weakEtag([{ id: 1 }])).toBe(weakEtag([{ id: 1 }]));
    expect(weakEtag([{ id: 1 }])).not.toBe(weakEtag([{ id: 2 }]));
    expect(weakEtag({})).toMatch(/^W\/"[\w-]+"$/);
  });
});

describe("matchesIfNoneMatch", () => {
  const etag = 'W/"abc"';
  test.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ["*", true],
    ['W/"abd"', false],
    ["", false],
    [undefined, false],
  ])('%j against W/"abc" is %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(expected);
  });
});
