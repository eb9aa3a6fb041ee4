import { describe, expect, test } from "vitest";
import { ApiError, createApiClient } from "../../../lib/api-client";
import { category, product, vegetarian } from "../test/fixtures";
import { type EmbeddedCatalogue, loadCatalogue } from "./load-catalogue";

type Call = { method: string; url: string; body: unknown };
type Answer = { status: number; body: unknown };

/** A client over a fake fetch answering by "METHOD path"; unknown requests are 404. */
function fakeApi(answers: Record<string, Answer | ((body: unknown) => Answer)>) {
  const calls: Call[] = [];
  const client = createApiClient({
    baseUrl: "/api",
    fetch: async (input, init) => {
      const url = String(input).replace(/^\/api/, "");
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const found = answers[`${method} ${url}`];
      const answer = typeof found === "function" ? found(body) : (found ?? { status: 404, body: { errors: [] } });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    },
  });
  return { client, calls };
}

const args = { menuInstanceId: 5, productInstanceId: 6 };
const menus = {
  status: 200,
  body: [
    { id: 8, name: "Old", active: false },
    { id: 9, name: "Menu", active: true },
  ],
};
const categories = {
  status: 200,
  body: [category({ id: 1, productIds: [1, 2] }), category({ id: 2, productIds: [2, 3] })],
};
const context = (ids: unknown) => ({
  status: 200,
  body: { products: (ids as number[]).map((id) => product({ id })), choices: [], modifiers: [] },
});
const labels = { status: 200, body: [vegetarian] };

const ok = {
  "GET /menu?instanceId=5": menus,
  "GET /category/menu/9?instanceId=5": categories,
  "POST /context?instanceId=6": context,
  "GET /label?instanceId=6": labels,
};

describe("loadCatalogue", () => {
  test("reads the active menu, its categories, the context of their products as a bare id list, and the labels", async () => {
    const { client, calls } = fakeApi(ok);
    const catalogue = await loadCatalogue(args, client);
    expect(catalogue.menu?.id).toBe(9);
    expect(catalogue.categories.map((c) => c.id)).toEqual([1, 2]);
    expect([...catalogue.productsById.keys()]).toEqual([1, 2, 3]);
    expect(catalogue.labels).toEqual([vegetarian]);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual([1, 2, 3]);
  });

  test("is read once per page load", async () => {
    const { client, calls } = fakeApi(ok);
    const first = await loadCatalogue(args, client);
    const second = await loadCatalogue(args, client);
    expect(second).toBe(first);
    expect(calls).toHaveLength(4);
  });

  test("failed categories fall back to none, without asking for a context", async () => {
    const { client, calls } = fakeApi({ ...ok, "GET /category/menu/9?instanceId=5": { status: 500, body: {} } });
    const catalogue = await loadCatalogue(args, client);
    expect(catalogue.categories).toEqual([]);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  test("failed labels fall back to none", async () => {
    const { client } = fakeApi({ ...ok, "GET /label?instanceId=6": { status: 500, body: {} } });
    expect((await loadCatalogue(args, client)).labels).toEqual([]);
  });

  test("a failed menu is an error", async () => {
    const { client } = fakeApi({ ...ok, "GET /menu?instanceId=5": { status: 500, body: { errors: [] } } });
    await expect(loadCatalogue(args, client)).rejects.toBeInstanceOf(ApiError);
  });

  test("a failed context is an error, and the next load tries again", async () => {
    let fail = true;
    const { client } = fakeApi({
      ...ok,
      "POST /context?instanceId=6": (ids) => (fail ? { status: 404, body: { errors: [] } } : context(ids)),
    });
    await expect(loadCatalogue(args, client)).rejects.toBeInstanceOf(ApiError);
    fail = false;
    expect((await loadCatalogue(args, client)).productsById.size).toBe(3);
  });

  test("no active menu: no categories and no products", async () => {
    const { client } = fakeApi({ ...ok, "GET /menu?instanceId=5": { status: 200, body: [] } });
    const catalogue = await loadCatalogue(args, client);
    expect(catalogue).toMatchObject({ menu: null, categories: [] });
    expect(catalogue.productsById.size).toBe(0);
  });

  test("more than 200 products are asked for 200 at a time", async () => {
    const ids = Array.from({ length: 450 }, (_, i) => i + 1);
    const { client, calls } = fakeApi({
      ...ok,
      "GET /category/menu/9?instanceId=5": { status: 200, body: [category({ id: 1, productIds: ids })] },
    });
    const catalogue = await loadCatalogue(args, client);
    const sizes = calls.filter((c) => c.method === "POST").map((c) => (c.body as number[]).length);
    expect(sizes).toEqual([200, 200, 50]);
    expect(catalogue.productsById.size).toBe(450);
  });

  test("the catalogue the server embedded for the module is used as it is, without a call", async () => {
    const { client, calls } = fakeApi({});
    const embedded = {
      ...args,
      menus: menus.body,
      categories: categories.body,
      labels: labels.body,
      context: context([1, 2, 3]).body,
    } as EmbeddedCatalogue;
    const catalogue = await loadCatalogue(args, client, embedded);
    expect(calls).toEqual([]);
    expect(catalogue.menu?.id).toBe(9);
    expect(catalogue.categories.map((c) => c.id)).toEqual([1, 2]);
    expect([...catalogue.productsById.keys()]).toEqual([1, 2, 3]);
    expect(catalogue.labels).toEqual([vegetarian]);
  });

  test("an embedded catalogue of other instances is ignored and the catalogue read", async () => {
    const { client, calls } = fakeApi(ok);
    const embedded = { menuInstanceId: 99, productInstanceId: 6, menus: [], categories: [], labels: [] };
    const catalogue = await loadCatalogue(args, client, embedded as unknown as EmbeddedCatalogue);
    expect(calls.length).toBeGreaterThan(0);
    expect(catalogue.menu?.id).toBe(9);
  });
});
