/** What tenancy answers other modules about an organisation's restaurants (staff asks when it mails a link). */
import { describe, expect, test } from "vitest";
import { useTestApp } from "../../testing/test-app";
import { findOrganisationHosts, findOrganisationUnits, findProductionUnit } from "./index";

const { t } = useTestApp("2026-11-23T10:00:00Z");

async function organisationOf(productionUnitId: number): Promise<number> {
  const unit = await findProductionUnit(t.db, productionUnitId);
  return unit!.organisationId!;
}

describe("an organisation's restaurants", () => {
  test("the host names of several organisations come oldest restaurant first, whatever order they are asked in", async () => {
    const a = await organisationOf(t.restaurantA.module.productionUnitId);
    const b = await organisationOf(t.restaurantB.module.productionUnitId);
    expect(a).not.toBe(b);
    expect(await findOrganisationHosts(t.db, [b, a])).toEqual(["localhost", "127.0.0.1"]);
    expect(await findOrganisationHosts(t.db, [b])).toEqual(["127.0.0.1"]);
  });

  test("no organisation asked, or one without restaurants, has no host names and no restaurants", async () => {
    expect(await findOrganisationHosts(t.db, [])).toEqual([]);
    expect(await findOrganisationHosts(t.db, [999_999])).toEqual([]);
    expect(await findOrganisationUnits(t.db, [])).toEqual([]);
  });

  test("the restaurants of several organisations come by id (A's is the older), each with its organisation", async () => {
    const unitA = t.restaurantA.module.productionUnitId;
    const unitB = t.restaurantB.module.productionUnitId;
    const a = await organisationOf(unitA);
    const b = await organisationOf(unitB);
    expect(await findOrganisationUnits(t.db, [b, a])).toEqual([
      { id: unitA, organisationId: a },
      { id: unitB, organisationId: b },
    ]);
  });
});
