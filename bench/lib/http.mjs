// One HTTP request with node:http, answering the raw status, header pairs and body bytes: what the bare
// server (bare-server.mjs) must send to answer identical bytes.
import { request as httpRequest } from "node:http";

/** The Accept-Encoding a browser sends, so pre-compressed answers are what gets measured. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br";

export function request(baseUrl, { method = "GET", path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, baseUrl), { method, headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        const rawHeaders = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) rawHeaders.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode, headers: rawHeaders, body: Buffer.concat(chunks) });
      });
    });
    req.once("error", reject);
    req.end(body);
  });
}

/** A request that must answer 200 with JSON (uncompressed): its parsed body. */
export async function getJson(baseUrl, spec) {
  const answer = await request(baseUrl, spec);
  if (answer.status !== 200)
    throw new Error(`${spec.method ?? "GET"} ${spec.path}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
  return JSON.parse(answer.body.toString("utf8"));
}
