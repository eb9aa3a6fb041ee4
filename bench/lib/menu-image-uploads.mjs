// Part 8 (issue 45): an upload never blocks other requests. Guests' menu reads (GET /api/category/menu/{menuId}, 50
// connections, wrk) while restaurant A's owner runs 10 parallel uploads of 10 MB images without pause, against the
// same reads with no upload, interleaved in the same run (compare.mjs). Target: ≥ 50 % (targets.mjs). Every upload
// must answer 201; the uploads' rate and the API's peak RSS are printed for information.
import { request as httpRequest } from "node:http";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { interleaved, loadedServer } from "./compare.mjs";
import { BROWSER_ACCEPT_ENCODING, request } from "./http.mjs";
import { rssMb, sleep, startProduct } from "./product.mjs";
import { openShop } from "./shop.mjs";
import { budgetRow, throughputRow } from "./table.mjs";
import { TARGETS } from "./targets.mjs";

const PART = "8 menu image uploads";
const UPLOADERS = 10;
const READS = { connections: 50, pipelining: 1 };
/** The demo seed's owner of restaurant A (packages/db/src/seed/demo-staff.ts). */
const OWNER = { email: "ejer@bistro-norrebro.example", password: "bistro-ejer-2026" };

export async function measureMenuImageUploads({ setup, timing, log }) {
  const product = await startProduct(setup);
  try {
    const base = product.urls[0];
    const shop = await openShop(base);
    const session = await signIn(base);
    const image = await tenMegabytePng();
    log(`part 8: ${UPLOADERS} uploaders of ${(image.length / 2 ** 20).toFixed(1)} MB PNGs vs none, menu reads`);
    const uploads = uploaders(base, shop.module.productionUnitId, session, image);
    const menuRead = {
      method: "GET",
      path: `/api/category/menu/${shop.menuId}?instanceId=${shop.module.menuInstanceId}`,
      headers: { ...shop.auth, "accept-encoding": BROWSER_ACCEPT_ENCODING },
    };
    const reads = loadedServer({ urls: product.urls, pids: product.pids, requests: [menuRead], ...READS });
    let peakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(
        peakRss,
        product.pids.reduce((sum, pid) => sum + (rssMb(pid) ?? 0), 0),
      );
    }, 250);
    const duringUploads = {
      warmUp: (seconds) => uploads.during(() => reads.warmUp(seconds)),
      measure: (seconds) => uploads.during(() => reads.measure(seconds)),
    };
    const result = await interleaved(duringUploads, reads, timing).finally(() => clearInterval(sampler));
    return [
      throughputRow({
        part: PART,
        name: `GET /api/category/menu/{menuId} during ${UPLOADERS} parallel 10 MB uploads vs without, 50 conn`,
        result,
        target: TARGETS.readsDuringUploads,
      }),
      budgetRow({
        part: PART,
        name: `uploads not answered 201 (of ${uploads.done()}; ${uploads.perSecond().toFixed(2)} uploads/s; API peak RSS ${Math.round(peakRss)} MB)`,
        value: uploads.failed(),
        target: TARGETS.errors,
      }),
    ];
  } finally {
    await product.stop();
  }
}

/** A staff session of restaurant A's owner: its cookie and CSRF token, as the back office's page sends them. */
async function signIn(base) {
  const origin = new URL(base).origin;
  const answer = await request(base, {
    method: "POST",
    path: "/api/admin/session",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(OWNER),
  });
  if (answer.status !== 200) throw new Error(`sign-in: ${answer.status} ${answer.body.toString().slice(0, 200)}`);
  const cookie = answer.headers
    .filter(([name]) => name.toLowerCase() === "set-cookie")
    .map(([, value]) => value.split(";")[0])
    .join("; ");
  return { cookie, csrfToken: JSON.parse(answer.body.toString()).csrfToken, origin };
}

/**
 * UPLOADERS loops, each sending its next upload when the last was answered, while `work` runs; each upload's bytes
 * are new (a counter in a PNG text chunk), so the server decodes every one rather than finding it stored.
 */
function uploaders(base, productionUnitId, session, image) {
  let sent = 0;
  let failed = 0;
  let busySeconds = 0;
  const path = `/api/admin/restaurants/${productionUnitId}/menu-images`;
  const headers = {
    "content-type": "image/png",
    origin: session.origin,
    cookie: session.cookie,
    "x-csrf-token": session.csrfToken,
  };
  async function loop(state) {
    while (!state.stop) {
      const status = await post(base, path, headers, withTextChunk(image, `bench ${process.pid} ${sent++}`));
      if (status !== 201) failed++;
    }
  }
  return {
    async during(work) {
      const state = { stop: false };
      const started = performance.now();
      const loops = Array.from({ length: UPLOADERS }, () => loop(state));
      await sleep(500); // every uploader has a body on the wire and the first images in the decoder
      try {
        return await work();
      } finally {
        state.stop = true;
        await Promise.all(loops);
        busySeconds += (performance.now() - started) / 1000;
      }
    },
    done: () => sent,
    failed: () => failed,
    perSecond: () => (busySeconds > 0 ? sent / busySeconds : 0),
  };
}

function post(base, path, headers, body) {
  return new Promise((resolve) => {
    const req = httpRequest(new URL(path, base), {
      method: "POST",
      headers: { ...headers, "content-length": body.length },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

/** A PNG just under 10 MB: 1860 × 1860 RGB of a grainy gradient, stored uncompressed (as the API's tests make it). */
async function tenMegabytePng() {
  const side = 1860;
  const pixels = Buffer.alloc(side * side * 3);
  let seed = 1;
  for (let at = 0; at < pixels.length; at += 3) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const x = (at / 3) % side;
    const y = Math.floor(at / 3 / side);
    pixels[at] = Math.round((x / side) * 230) + ((seed >> 16) % 16);
    pixels[at + 1] = Math.round((y / side) * 200) + ((seed >> 20) % 16);
    pixels[at + 2] = 100 + ((seed >> 12) % 16);
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** The PNG with a tEXt chunk before IEND: the same pixels, other bytes (another hash). */
function withTextChunk(png, text) {
  const data = Buffer.from(`Comment\0${text}`, "latin1");
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write("tEXt", 4, "latin1");
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}
