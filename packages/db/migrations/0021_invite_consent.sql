-- An invite waits for the invited person's consent: membership.accepted_at is null until they accept through the
-- emailed link, which names the membership (staff_link.membership_id): a join link for an existing account (accept
-- only), an invite link for a new one (choosing the password accepts). A pending membership gives no access.
-- invited_name is the name the inviter typed, shown to the organisation instead of the account's own until then.
-- Every membership made before this was accepted as it was made: filled with its created_at.
ALTER TABLE "staff_link" DROP CONSTRAINT "staff_link_purpose";--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
UPDATE "membership" SET "accepted_at" = "created_at";--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "invited_name" text;--> statement-breakpoint
ALTER TABLE "staff_link" ADD COLUMN "membership_id" integer;--> statement-breakpoint
ALTER TABLE "staff_link" ADD CONSTRAINT "staff_link_membership_id_membership_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."membership"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_link" ADD CONSTRAINT "staff_link_join_membership" CHECK ("staff_link"."purpose" <> 'join' or "staff_link"."membership_id" is not null);--> statement-breakpoint
ALTER TABLE "staff_link" ADD CONSTRAINT "staff_link_membership_purpose" CHECK ("staff_link"."membership_id" is null or "staff_link"."purpose" in ('invite', 'join'));--> statement-breakpoint
ALTER TABLE "staff_link" ADD CONSTRAINT "staff_link_purpose" CHECK ("staff_link"."purpose" in ('invite', 'reset', 'setup', 'join'));