import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, test } from "vitest";
import { normalizeHost } from "../../shared/normalize-host";
import { useTestApp } from "../../testing/test-app";

const { t, clock } = useTestApp("2026-11-23T10:00:00Z"); // a Monday, 11:00 in Copenhagen

describe("GET /api/module/domain/:domain", () => {
  test("finds restaurant A's module on localhost without a token", async () => {
    const res = await t.request({ method: "GET", url: "/api/module/domain/localhost" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: expect.any(Number), productionUnitId: expect.any(Number), isVisible: true });
    expect(Object.keys(res.json())).toEqual(
      expect.arrayContaining(["menuInstanceId", "productInstanceId", "checkoutInstanceId", "capacityInstanceId"]),
    );
  });

  test("answers restaurant B on 127.0.0.1, another production unit", async () => {
    expect(t.restaurantB.module.productionUnitId).not.toBe(t.restaurantA.module.productionUnitId);
    expect(t.restaurantB.module.menuInstanceId).not.toBe(t.restaurantA.module.menuInstanceId);
  });

  test("ignores case, port and a trailing dot of the host", async () => {
    const res = await t.request({ method: "GET", url: "/api/module/domain/LocalHost:3000" });
    expect(res.json().id).toBe(t.restaurantA.module.id);
    expect(normalizeHost("shop.example.dk.")).toBe("shop.example.dk");
    expect(normalizeHost("[::1]:3000")).toBe("::1");
  });

  test("is 404 in the errors shape for an unknown host", async () => {
    const res = await t.request({ method: "GET", url: "/api/module/domain/unknown.example" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [{ code: "NOT_FOUND", message: "Module not found" }] });
  });
});

describe("GET /api/token/:productionUnitId", () => {
  test("issues an expiring token for an existing production unit", async () => {
    const res = await t.request({ method: "GET", url: `/api/token/${t.restaurantA.module.productionUnitId}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(clock.now().getTime());
  });

  test("is 404 for an unknown production unit and 400 for a malformed id", async () => {
    expect((await t.request({ method: "GET", url: "/api/token/999999" })).statusCode).toBe(404);
    const bad = await t.request({ method: "GET", url: "/api/token/abc" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].code).toBe("Input.Invalid");
  });
});

describe("bearer token", () => {
  const url = () => `/api/module/${t.restaurantA.module.id}/module`;

  test("is required on every other call", async () => {
    const res = await t.request({ method: "GET", url: url() });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe("UNAUTHORIZED");
  });

  test("is refused when forged", async () => {
    const forged = `${t.restaurantA.token.slice(0, -4)}AAAA`;
    const res = await t.request({ method: "GET", url: url(), headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
  });

  test("is refused without exp, even when signed with the right secret", async () => {
    const signed = (claims: { exp?: number }) => {
      const jwt = new SignJWT({ pu: t.restaurantA.module.productionUnitId, ...claims })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("storefront-api")
        .setJti(randomUUID())
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000));
      return jwt.sign(t.config.tokenSecret);
    };
    const call = async (token: string) =>
      t.request({ method: "GET", url: url(), headers: { authorization: `Bearer ${token}` } });
    const inAnHour = Math.floor(clock.now().getTime() / 1000) + 3600;
    expect((await call(await signed({ exp: inAnHour }))).statusCode).toBe(200);
    const res = await call(await signed({}));
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe("UNAUTHORIZED");
  });

  test("is refused once expired", async () => {
    const { token } = (
      await t.request({ method: "GET", url: `/api/token/${t.restaurantA.module.productionUnitId}` })
    ).json();
    clock.advanceMinutes(t.config.tokenTtlMinutes + 1);
    const res = await t.request({ method: "GET", url: url(), headers: { authorization: `Bearer ${token}` } });
    clock.advanceMinutes(-(t.config.tokenTtlMinutes + 1));
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].message).toMatch(/expired/);
  });
});

describe("GET /api/module/:id/module", () => {
  test("answers the token's own module", async () => {
    const res = await t.request({ method: "GET", url: url(t.restaurantA.module.id), headers: t.restaurantA.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(t.restaurantA.module);
  });

  test("is 404 for another restaurant's module", async () => {
    const res = await t.request({ method: "GET", url: url(t.restaurantA.module.id), headers: t.restaurantB.auth });
    expect(res.statusCode).toBe(404);
  });

  function url(id: number) {
    return `/api/module/${id}/module`;
  }
});

describe("GET /api/productionunit/:id", () => {
  test("answers the unit's address, phone, receipt email and CVR", async () => {
    const id = t.restaurantA.module.productionUnitId;
    const res = await t.request({ method: "GET", url: `/api/productionunit/${id}`, headers: t.restaurantA.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      timeZone: "Europe/Copenhagen",
      cvrNumber: expect.stringMatching(/^\d{8}$/),
    });
    expect(res.json().address).toContain(",");
  });

  test("is 404 for another restaurant's unit", async () => {
    const id = t.restaurantA.module.productionUnitId;
    const res = await t.request({ method: "GET", url: `/api/productionunit/${id}`, headers: t.restaurantB.auth });
    expect(res.statusCode).toBe(404);
  });
});

describe("opening and delivery hours today", () => {
  test("restaurant A is open around the clock", async () => {
    const id = t.restaurantA.module.productionUnitId;
    const res = await t.request({
      method: "GET",
      url: `/api/productionunit/${id}/OpeningHour/v2/today`,
      headers: t.restaurantA.auth,
    });
    expect(res.json()).toEqual({
      date: "2026-11-23",
      open: "00:00",
      close: "24:00",
      isOpen: true,
      timeZone: "Europe/Copenhagen",
      orderingPausedUntil: null,
      busyMinutes: 0,
    });
  });

  test("restaurant B is closed on its closed date", async () => {
    const id = t.restaurantB.module.productionUnitId;
    clock.set("2026-12-24T12:00:00Z");
    const { token } = (await t.request({ method: "GET", url: `/api/token/${id}` })).json();
    const res = await t.request({
      method: "GET",
      url: `/api/productionunit/${id}/OpeningHour/v2/today`,
      headers: { authorization: `Bearer ${token}` },
    });
    clock.set("2026-11-23T10:00:00Z");
    expect(res.json()).toMatchObject({ date: "2026-12-24", open: null, close: null, isOpen: false });
  });

  test("delivery hours answer HH:MM times", async () => {
    const id = t.restaurantA.module.productionUnitId;
    const res = await t.request({
      method: "GET",
      url: `/api/productionunit/${id}/DeliveryHour/today`,
      headers: t.restaurantA.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().open).toMatch(/^\d\d:\d\d$/);
  });
});
