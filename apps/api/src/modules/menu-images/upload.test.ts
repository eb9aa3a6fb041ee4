/**
 * Issue 45's upload safety and menu images end to end through the API: real JPEG, PNG and WebP files made by
 * sharp in the test, a fake .jpg, a damaged file, a decompression bomb, 20 MB bodies (declared, and streamed
 * without a declared size), idempotent re-uploads, the variants' headers, and who may upload.
 */
import { type AddressInfo, connect } from "node:net";
import { Readable } from "node:stream";
import { schema } from "@app/db";
import { eq } from "@app/db/orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AdminActor, type AdminActors, createAdminActors } from "../../testing/admin-actors";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { makeVariants, TooManyPixels } from "./make-variants";
import { photo, pngBomb, withTextChunk } from "./test-images";

let t: TestApp;
let actors: AdminActors;

beforeAll(async () => {
  t = await createTestApp();
  actors = await createAdminActors(t);
});
afterAll(() => t.close());

function upload(bytes: Buffer | Readable, contentType = "image/jpeg", actor: AdminActor = "manager") {
  return t.app.inject(
    actors.as(actor, {
      method: "POST",
      url: `/api/admin/restaurants/${actors.restaurantAId}/menu-images`,
      headers: { "content-type": contentType },
      payload: bytes,
    }),
  );
}

const getImage = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

async function auditEntries(hash: string) {
  const rows = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, "menu_image.upload"));
  return rows.filter((row) => (row.after as { hash?: string } | null)?.hash === hash);
}

describe("uploading a real image", () => {
  test("a JPEG turned by its EXIF orientation becomes three upright WebP variants without metadata", async () => {
    const jpeg = await photo(1600, 1200, "jpeg", 6); // stored landscape, shown portrait
    const res = await upload(jpeg);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.url).toBe(`/api/menu-images/${body.hash}/640.webp`);
    expect(body.variants).toEqual([
      { width: 320, height: 427, url: `/api/menu-images/${body.hash}/320.webp` },
      { width: 640, height: 853, url: `/api/menu-images/${body.hash}/640.webp` },
      { width: 1200, height: 1600, url: `/api/menu-images/${body.hash}/1200.webp` },
    ]);
    const variant = await sharp((await getImage(body.url)).rawPayload).metadata();
    expect(variant).toMatchObject({ format: "webp", width: 640, height: 853 });
    expect(variant.exif).toBeUndefined();
    expect(variant.orientation).toBeUndefined();
  });

  test("a PNG narrower than the widest variant is never enlarged, and keeps its transparency", async () => {
    const res = await upload(await photo(500, 300, "png"), "image/png");
    expect(res.statusCode).toBe(201);
    expect(res.json().variants.map((v: { width: number }) => v.width)).toEqual([320, 500]);
    // The 640 and 1280 URLs name the widest stored variant not wider than them.
    const asked640 = await getImage(res.json().url);
    expect(asked640.statusCode).toBe(200);
    expect(await sharp(asked640.rawPayload).metadata()).toMatchObject({ width: 500, height: 300, hasAlpha: true });
  });

  test("a WebP sent as application/octet-stream is read by its bytes; its row is the restaurant's", async () => {
    const res = await upload(await photo(2000, 1000, "webp"), "application/octet-stream");
    expect(res.statusCode).toBe(201);
    expect(res.json().variants.map((v: { width: number; height: number }) => [v.width, v.height])).toEqual([
      [320, 160],
      [640, 320],
      [1280, 640],
    ]);
    const [row] = await t.db.select().from(schema.menuImage).where(eq(schema.menuImage.hash, res.json().hash));
    expect(row).toMatchObject({ width: 2000, height: 1000, productInstanceId: t.restaurantA.module.productInstanceId });
    expect(await auditEntries(res.json().hash)).toHaveLength(1);
  });

  test("the same bytes again answer the same image, store nothing twice and audit once", async () => {
    const png = withTextChunk(await photo(400, 400, "png"), "idempotent");
    const first = await upload(png, "image/png");
    const [again, parallel] = await Promise.all([upload(png, "image/png"), upload(png, "image/png")]);
    expect(first.statusCode).toBe(201);
    expect([again.statusCode, parallel.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(parallel.json()).toEqual(first.json());
    const variants = await t.db
      .select({ width: schema.menuImageVariant.width })
      .from(schema.menuImageVariant)
      .where(eq(schema.menuImageVariant.hash, first.json().hash));
    expect(variants).toHaveLength(2);
    expect(await auditEntries(first.json().hash)).toHaveLength(1);
  });
});

describe("refusing what is not a safe image", () => {
  let bomb30k: Promise<Buffer>;
  beforeAll(() => {
    bomb30k = pngBomb(30_000);
  });

  test("a .jpg that is not an image is 400 Input.InvalidImage on the image field", async () => {
    const res = await upload(Buffer.from("<html><script>alert(1)</script></html>"), "image/jpeg");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: "Input.InvalidImage", field: "image" });
  });

  test("a JPEG cut off after its header is 400 Input.InvalidImage (damaged), not a crash", async () => {
    const jpeg = await photo(800, 600, "jpeg");
    const res = await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: "Input.InvalidImage", field: "image" });
    expect(res.json().errors[0].message).toMatch(/damaged/);
  });

  test("a 30,000 × 30,000 PNG bomb is 422 naming the pixel limit, before a pixel is decoded", async () => {
    const bomb = await bomb30k;
    expect(bomb.length).toBeLessThan(200_000);
    const rssBefore = process.memoryUsage.rss();
    const res = await upload(bomb, "image/png");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: "Input.ImageTooManyPixels", field: "image" });
    expect(res.json().errors[0].message).toMatch(/at most 40 megapixels \(this one has 900\)/);
    expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  test("sharp's own pixel limit refuses the bomb too (the second line, should a header lie)", async () => {
    await expect(makeVariants(await bomb30k)).rejects.toBeInstanceOf(TooManyPixels);
  });

  test("a declared 20 MB body is 413 Input.ImageTooLarge before it is read", async () => {
    const res = await upload(Buffer.alloc(20 * 1024 * 1024), "image/jpeg");
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0]).toMatchObject({
      code: "Input.ImageTooLarge",
      message: "The image may be at most 10 MB",
    });
  });

  test("a 20 MB body streamed without a declared size is cut at the limit: 413", async () => {
    const chunk = Buffer.alloc(1024 * 1024);
    const res = await upload(Readable.from(Array.from({ length: 20 }, () => chunk)), "image/jpeg");
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].code).toBe("Input.ImageTooLarge");
  });

  test("over a real socket, the 413 comes back while the client is still sending, and reaches it", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const session = actors.sessions.manager;
    // A raw socket, not http.request: the server may close while the client still writes, and the client's EPIPE
    // must not hide the answer that came before it.
    const outcome = await new Promise<{ status: number; sentWhenAnswered: number }>((resolve, reject) => {
      let sent = 0;
      let received = "";
      let answeredAt = -1;
      const socket = connect({ host: "127.0.0.1", port });
      const answer = () => {
        const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
        if (status) resolve({ status: Number(status[1]), sentWhenAnswered: answeredAt });
        else reject(new Error(`no answer before the connection ended: ${JSON.stringify(received)}`));
        socket.destroy();
      };
      socket.on("data", (data) => {
        if (answeredAt < 0) answeredAt = sent;
        received += data.toString("latin1");
        if (received.includes("\r\n\r\n")) answer();
      });
      socket.on("error", answer);
      socket.on("close", answer);
      const head = [
        `POST /api/admin/restaurants/${actors.restaurantAId}/menu-images HTTP/1.1`,
        "host: localhost:80",
        "origin: http://localhost:80",
        "content-type: image/jpeg",
        "transfer-encoding: chunked",
        `cookie: ${session.cookie}`,
        `x-csrf-token: ${session.csrfToken}`,
      ];
      socket.write(`${head.join("\r\n")}\r\n\r\n`);
      const chunk = Buffer.alloc(256 * 1024);
      const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
      const pump = () => {
        while (sent < 20 * 1024 * 1024 && answeredAt < 0 && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(framed)) return void socket.once("drain", pump);
        }
        if (!socket.destroyed && answeredAt < 0) socket.write("0\r\n\r\n");
      };
      pump();
    });
    expect(outcome.status).toBe(413);
    expect(outcome.sentWhenAnswered).toBeLessThan(20 * 1024 * 1024);
  });
});

describe("serving a variant", () => {
  let url: string;
  beforeAll(async () => {
    url = (await upload(await photo(900, 600, "jpeg"))).json().url;
  });

  test("is public, immutable for a year, image/webp, with an ETag answered 304", async () => {
    const res = await getImage(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await getImage(url, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  test("an unknown hash or a width that names no variant is 404", async () => {
    expect((await getImage(`/api/menu-images/${"0".repeat(64)}/640.webp`)).statusCode).toBe(404);
    expect((await getImage(url.replace("640.webp", "999.webp"))).statusCode).toBe(404);
    expect((await getImage(url.replace("640.webp", "640.png"))).statusCode).toBe(400);
  });
});

describe("who may upload", () => {
  test("staff 403, another organisation's owner 404, no session 401; the owner may", async () => {
    const png = await photo(100, 100, "png");
    expect((await upload(png, "image/png", "staff")).statusCode).toBe(403);
    expect((await upload(png, "image/png", "otherOwner")).statusCode).toBe(404);
    expect((await upload(png, "image/png", "none")).statusCode).toBe(401);
    expect((await upload(png, "image/png", "owner")).statusCode).toBe(201);
  });
});
