import { describe, expect, test } from "vitest";
import { createApiClient } from "../../../lib/api-client";
import { loadStock } from "./load-stock";

function clientAnswering(answers: Record<string, { status: number; body: unknown }>) {
  const urls: string[] = [];
  const client = createApiClient({
    baseUrl: "/api",
    fetch: async (input) => {
      const url = String(input).replace(/^\/api/, "");
      urls.push(url);
      const answer = answers[url] ?? { status: 500, body: { errors: [] } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    },
  });
  return { client, urls };
}

describe("loadStock", () => {
  test("reads the sold-out products and choices of the production unit", async () => {
    const { client } = clientAnswering({
      "/blockedProduct?productionUnitId=41": { status: 200, body: [{ productId: 3 }, { productId: 4 }] },
      "/blockedChoice?productionUnitId=41": { status: 200, body: [{ choiceId: 7 }] },
    });
    const stock = await loadStock(41, client);
    expect([...stock.blockedProductIds]).toEqual([3, 4]);
    expect([...stock.blockedChoiceIds]).toEqual([7]);
  });

  test("a failed read is an empty list", async () => {
    const { client } = clientAnswering({
      "/blockedChoice?productionUnitId=41": { status: 200, body: [{ choiceId: 7 }] },
    });
    const stock = await loadStock(41, client);
    expect(stock.blockedProductIds.size).toBe(0);
    expect([...stock.blockedChoiceIds]).toEqual([7]);
  });

  test("the page's own lists stand for the read: no call", async () => {
    const { client, urls } = clientAnswering({});
    const embedded = { productionUnitId: 41, blockedProducts: [{ productId: 3 }], blockedChoices: [{ choiceId: 7 }] };
    const stock = await loadStock(41, client, embedded);
    expect([...stock.blockedProductIds]).toEqual([3]);
    expect([...stock.blockedChoiceIds]).toEqual([7]);
    expect(urls).toEqual([]);
  });

  test("lists embedded for another production unit are not used", async () => {
    const { client, urls } = clientAnswering({
      "/blockedProduct?productionUnitId=41": { status: 200, body: [{ productId: 5 }] },
      "/blockedChoice?productionUnitId=41": { status: 200, body: [] },
    });
    const embedded = { productionUnitId: 40, blockedProducts: [{ productId: 3 }], blockedChoices: [] };
    const stock = await loadStock(41, client, embedded);
    expect([...stock.blockedProductIds]).toEqual([5]);
    expect(urls).toHaveLength(2);
  });

  test("is read anew on each visit", async () => {
    const { client, urls } = clientAnswering({});
    await loadStock(41, client);
    await loadStock(41, client);
    expect(urls).toHaveLength(4);
  });
});
