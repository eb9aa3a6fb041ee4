import { describe, expect, test } from "vitest";
import { AnswerCache, matchesIfNoneMatch, versionEtag, weakEtag } from "./http-cache";

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

describe("versionEtag", () => {
  test("names kind, instance and version, and the weekday when given", () => {
    expect(versionEtag("menu", 3, 17)).toBe('W/"menu-3-v17"');
    expect(versionEtag("product", 4, 9, 7)).toBe('W/"product-4-v9-wd7"');
    expect(matchesIfNoneMatch('W/"product-4-v9-wd7"', versionEtag("product", 4, 9, 7))).toBe(true);
    expect(matchesIfNoneMatch('W/"product-4-v9-wd1"', versionEtag("product", 4, 9, 7))).toBe(false);
  });
});

describe("AnswerCache", () => {
  test("keeps at most maxEntries, evicting the least recently used", () => {
    const cache = new AnswerCache<string>(2);
    cache.set("a", "1");
    cache.set("b", "2");
    expect(cache.get("a")).toBe("1"); // a is now the most recently used
    cache.set("c", "3");
    expect(cache.get("b")).toBeUndefined();
    expect([cache.get("a"), cache.get("c"), cache.size]).toEqual(["1", "3", 2]);
  });

  test("keeps at most maxChars of keys and answers, and never an answer larger than that", () => {
    const cache = new AnswerCache<string>(100, 10);
    cache.set("a", "1234");
    cache.set("b", "1234");
    cache.set("c", "1234"); // 15 characters: a goes
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, "1234", "1234"]);
    cache.set("d", "x".repeat(10));
    expect(cache.get("d")).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  test("replacing a key keeps one entry with the new answer", () => {
    const cache = new AnswerCache<string>(2, 100);
    cache.set("a", "old");
    cache.set("a", "new");
    cache.set("b", "2");
    expect([cache.get("a"), cache.size]).toEqual(["new", 2]);
  });
});
