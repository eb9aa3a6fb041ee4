import { ErrorBody, Me } from "@app/contracts";
import type { RouteModule } from "../../deps";
import { ADMIN_TAGS, signedInStaff } from "./access";

/** The signed-in account, its memberships and its session's CSRF token. */
export const staffRoutes: RouteModule = (admin) => {
  admin.get(
    "/me",
    {
      schema: {
        tags: ADMIN_TAGS,
        summary:
          "The signed-in account, its memberships (organisation, role, restaurants) and the session's CSRF token",
        response: { 200: Me, 401: ErrorBody },
      },
    },
    async (request) => {
      const staff = signedInStaff(request);
      return { account: staff.account, memberships: staff.memberships, csrfToken: staff.csrfToken };
    },
  );
};
