-- An organisation's payment account versions never start at 1 again (a version read from a removed account must
-- not name the account stored after it): payment_account_version keeps the highest each organisation has had.
-- Filled with the current account's version, or more: each save through the back office wrote one
-- 'payment-account.save' audit entry and raised the version by at most one, so their count is at least any
-- version an account removed before this migration had.
CREATE TABLE "payment_account_version" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"last_version" integer NOT NULL,
	CONSTRAINT "payment_account_version_last" CHECK ("payment_account_version"."last_version" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_account_version" ADD CONSTRAINT "payment_account_version_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "payment_account_version" ("organisation_id", "last_version")
  SELECT "organisation_id", max("version") FROM (
    SELECT "organisation_id", "version" FROM "payment_account"
    UNION ALL
    SELECT "organisation_id", count(*)::integer FROM "audit_log"
      WHERE "action" = 'payment-account.save' GROUP BY "organisation_id"
  ) AS "seen"
  GROUP BY "organisation_id";
