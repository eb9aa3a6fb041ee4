/**
 * Test helpers of the menu editor: a manager's session of restaurant A, the editor's read and saves, and the
 * request body that saves a product as the editor read it (with what a test changes).
 */
import type { EditorProduct, MenuEditor, ProductUpdate } from "@app/contracts";
import { expect } from "vitest";
import { type AdminSession, organisationOf, signInAs } from "../../../testing/admin-session";
import type { TestApp } from "../../../testing/test-app";

export function menuEditorCalls(t: () => TestApp) {
  const unit = () => t().restaurantA.module.productionUnitId;
  const path = (rest = "") => `/api/admin/restaurants/${unit()}/menu-editor${rest}`;

  async function member(role: "owner" | "manager" | "staff"): Promise<AdminSession> {
    const organisationId = await organisationOf(t().db, unit());
    return signInAs(t().db, {
      organisationId,
      role,
      productionUnitIds: role === "owner" ? [] : [unit()],
      now: t().clock.now(),
    });
  }

  async function read(session: AdminSession, query = ""): Promise<MenuEditor> {
    const res = await t().request({ method: "GET", url: path(query), headers: session.readHeaders });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  function save(session: AdminSession, method: "POST" | "PUT" | "DELETE", rest: string, payload?: object) {
    return t().request({ method, url: path(rest), headers: session.headers, ...(payload ? { payload } : {}) });
  }

  async function product(session: AdminSession, id: number): Promise<EditorProduct> {
    const found = (await read(session)).products.find((row) => row.id === id);
    if (!found) throw new Error(`test: product ${id} is not in the editor`);
    return found;
  }

  return { path, member, read, save, product };
}

/** The body that saves `product` as read, with `change` applied. */
export function productUpdate(product: EditorProduct, change: Partial<ProductUpdate> = {}): ProductUpdate {
  const { id: _id, updatedAt: _at, updatedBy: _by, archivedAt: _archived, modifiers: _groups, ...fields } = product;
  return { ...fields, ...change };
}
