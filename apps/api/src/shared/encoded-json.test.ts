import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { EncodedJson, preferredEncoding } from "./encoded-json";

describe("preferredEncoding", () => {
  test.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["GZIP", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.0, gzip;q=0", "identity"],
    ["br;q=0.5", "br"],
    ["*", "gzip"],
    ["deflate", "identity"],
  ])("%j → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe("EncodedJson", () => {
  const json = JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ id, name: `Product ${id}` })));

  test("each encoding decodes to the same JSON, and is made once", () => {
    const answer = new EncodedJson(json);
    expect(brotliDecompressSync(answer.body("br")).toString()).toBe(json);
    expect(gunzipSync(answer.body("gzip")).toString()).toBe(json);
    expect(answer.body("identity").toString()).toBe(json);
    expect(answer.body("br")).toBe(answer.body("br"));
    expect(answer.body("br").length).toBeLessThan(json.length / 4);
  });

  test("small answers go out as they are", () => {
    expect(new EncodedJson('{"ok":true}').encodingFor("br")).toBe("identity");
    expect(new EncodedJson(json).encodingFor("br")).toBe("br");
  });
});
