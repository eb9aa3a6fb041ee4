import { AuditPage, AuditQuery, ErrorBody } from "@app/contracts";
import type { RouteModule } from "../../deps";
import { AppError } from "../../errors";
import { ADMIN_TAGS, MANAGERS, requireOrganisation, requireRestaurant, signedInStaff } from "../staff";
import { AUDIT_PAGE_SIZE, findAuditEntries } from "./repository";

/** GET /api/admin/audit: owners read their organisations' whole log, managers their restaurants' entries. */
export const auditRoutes: RouteModule = (admin, { db }) => {
  admin.get(
    "/audit",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary: "The audit log, newest first, 50 a page; filter by organisation, restaurant or person",
        querystring: AuditQuery,
        response: { 200: AuditPage, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const staff = signedInStaff(request);
      const query = request.query;
      if (query.organisationId !== undefined) requireOrganisation(staff, query.organisationId, MANAGERS);
      if (query.restaurantId !== undefined) requireRestaurant(staff, query.restaurantId, MANAGERS);
      const readable = staff.memberships.filter((m) => MANAGERS.includes(m.role));
      if (readable.length === 0) throw new AppError("forbidden", "ROLE_TOO_LOW", "Your role does not allow this");
      const rows = await findAuditEntries(db, {
        organisationIds: readable.filter((m) => m.role === "owner").map((m) => m.organisationId),
        productionUnitIds: readable.filter((m) => m.role === "manager").flatMap((m) => m.productionUnitIds),
        ...query,
      });
      return {
        entries: rows.map(({ entry, restaurantName }) => ({
          id: entry.id,
          at: entry.at.toISOString(),
          organisationId: entry.organisationId,
          productionUnitId: entry.productionUnitId,
          restaurantName,
          accountId: entry.accountId,
          actorName: entry.actorName,
          actorEmail: entry.actorEmail,
          action: entry.action,
          before: entry.before,
          after: entry.after,
        })),
        nextBefore: rows.length === AUDIT_PAGE_SIZE ? rows[rows.length - 1]!.entry.id : null,
      };
    },
  );
};
