import { describe, expect, test } from "vitest";
import {
  JPEG_1X1,
  PNG_1X1,
  pngDeclaring,
  SVG,
  WEBP_LOSSLESS_1X1,
  WEBP_LOSSY_1X1,
  webpExtendedDeclaring,
} from "../testing/image-fixtures";
import { MAX_IMAGE_SIDE, readImageHeader } from "./read-image-header";

describe("readImageHeader", () => {
  test("reads a PNG's type and size", () => {
    expect(readImageHeader(PNG_1X1)).toEqual({ contentType: "image/png", width: 1, height: 1 });
    expect(readImageHeader(pngDeclaring(640, 200))).toEqual({ contentType: "image/png", width: 640, height: 200 });
  });

  test("reads a JPEG's size from its frame header, past the segments before it", () => {
    expect(readImageHeader(JPEG_1X1)).toEqual({ contentType: "image/jpeg", width: 1, height: 1 });
  });

  test("reads lossy, lossless and extended WebP", () => {
    expect(readImageHeader(WEBP_LOSSY_1X1)).toEqual({ contentType: "image/webp", width: 1, height: 1 });
    expect(readImageHeader(WEBP_LOSSLESS_1X1)).toEqual({ contentType: "image/webp", width: 1, height: 1 });
    expect(readImageHeader(webpExtendedDeclaring(300, 120))).toEqual({
      contentType: "image/webp",
      width: 300,
      height: 120,
    });
  });

  test("refuses an SVG, whatever it is called", () => {
    expect(readImageHeader(SVG)).toBeNull();
  });

  test("refuses a GIF", () => {
    expect(readImageHeader(Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"))).toBeNull();
  });

  test("refuses a PNG signature without its header, and a JPEG that ends before its frame", () => {
    expect(readImageHeader(PNG_1X1.subarray(0, 20))).toBeNull();
    expect(readImageHeader(JPEG_1X1.subarray(0, 40))).toBeNull();
  });

  test("refuses an image that declares no pixels or more than the largest side", () => {
    expect(readImageHeader(pngDeclaring(0, 10))).toBeNull();
    expect(readImageHeader(pngDeclaring(MAX_IMAGE_SIDE + 1, 10))).toBeNull();
  });

  test("reads a larger side when the caller allows it", () => {
    expect(readImageHeader(pngDeclaring(30_000, 30_000), Number.POSITIVE_INFINITY)).toEqual({
      contentType: "image/png",
      width: 30_000,
      height: 30_000,
    });
  });

  test("refuses nothing at all", () => {
    expect(readImageHeader(Buffer.alloc(0))).toBeNull();
  });
});
