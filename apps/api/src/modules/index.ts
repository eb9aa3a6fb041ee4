import type { RouteModule } from "../deps";
import { auditRoutes } from "./audit/routes";
import { basketRoutes } from "./basket/routes";
import { menuEditorRoutes } from "./catalogue";
import { catalogueRoutes } from "./catalogue/routes";
import { checkoutRoutes } from "./checkout/routes";
import { deliveryRoutes } from "./delivery/routes";
import { discountAdminRoutes } from "./discount/admin-routes";
import { discountRoutes } from "./discount/routes";
import { figuresAdminRoutes } from "./figures/admin-routes";
import { giftcardAdminRoutes } from "./giftcard/admin-routes";
import { giftcardRoutes } from "./giftcard/routes";
import { guestInformationRoutes } from "./guest-information";
import { healthRoutes } from "./health/routes";
import { hoursAdminRoutes } from "./hours/routes";
import { kitchenRoutes } from "./kitchen/routes";
import { loginAttemptRoutes } from "./login-attempt/routes";
import { menuImageAdminRoutes, menuImageRoutes } from "./menu-images";
import { orderRoutes } from "./order/routes";
import { paymentRoutes } from "./payment/routes";
import { paymentAccountAdminRoutes } from "./payment-accounts/admin-routes";
import { pickupTimeRoutes } from "./pickup-time/routes";
import { refundAdminRoutes } from "./refund/admin-routes";
import { restaurantEventRoutes } from "./restaurant-events/routes";
import { restaurantSetupRoutes } from "./restaurant-setup/routes";
import { settingsRoutes } from "./settings/routes";
import { staffRoutes } from "./staff/routes";
import { telemetryRoutes } from "./telemetry/routes";
import { tenancyRoutes } from "./tenancy/routes";
import { warehouseAdminRoutes } from "./warehouse/admin-routes";
import { warehouseRoutes } from "./warehouse/routes";

/** Every feature's routes, in the order of SPEC §7. */
export const routeModules: RouteModule[] = [
  tenancyRoutes,
  loginAttemptRoutes,
  settingsRoutes,
  basketRoutes,
  catalogueRoutes,
  menuImageRoutes,
  warehouseRoutes,
  checkoutRoutes,
  guestInformationRoutes,
  pickupTimeRoutes,
  deliveryRoutes,
  discountRoutes,
  giftcardRoutes,
  paymentRoutes,
  orderRoutes,
  telemetryRoutes,
  healthRoutes,
];

/** The back office's routes: registered inside the /api/admin scope (staff sessions, not bearer tokens). */
export const adminRouteModules: RouteModule[] = [
  staffRoutes,
  auditRoutes,
  restaurantSetupRoutes,
  kitchenRoutes,
  warehouseAdminRoutes,
  restaurantEventRoutes,
  figuresAdminRoutes,
  menuEditorRoutes,
  refundAdminRoutes,
  discountAdminRoutes,
  giftcardAdminRoutes,
  menuImageAdminRoutes,
  hoursAdminRoutes,
  paymentAccountAdminRoutes,
];
