import { InviteRequest, type StaffMember, type StaffRole, StaffUpdate } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ConfirmAction } from "../../components/confirm-action";
import {
  CheckboxField,
  ErrorSummary,
  FieldGroup,
  SavedNote,
  SelectField,
  SubmitButton,
  TextField,
} from "../../components/form";
import { LoadFailed, Loading, PageHeading } from "../../components/page-heading";
import { ApiError } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import { restaurantsQuery } from "../../lib/restaurant-list";
import { useMe } from "../../lib/session";
import { useSchemaForm } from "../../lib/use-schema-form";
import { inviteStaff, staffQuery, updateStaff, withdrawInvitation } from "./api";

type Restaurant = { id: number; name: string };

/** An organisation's people: who they are, their role and restaurants; owners change roles and disable accounts. */
export function StaffPage() {
  const { t } = useTranslation();
  const organisationId = Number(useParams().organisationId);
  const me = useMe();
  const membership = me.memberships.find((m) => m.organisationId === organisationId);
  const staff = useQuery({ ...staffQuery(organisationId), enabled: membership?.role !== "staff" });
  // An owner's are all the organisation's restaurants; a manager's those of their membership.
  const restaurants = (useQuery(restaurantsQuery).data?.restaurants ?? []).filter(
    (r) =>
      r.organisationId === organisationId &&
      (membership?.role === "owner" || membership?.productionUnitIds.includes(r.id)),
  );
  if (!membership || membership.role === "staff") {
    return (
      <>
        <PageHeading title={t("notFound.title")} />
        <p>{t("notFound.text")}</p>
      </>
    );
  }
  const isOwner = membership.role === "owner";
  return (
    <>
      <PageHeading title={t("staff.title", { organisation: membership.organisationName })} />
      <section aria-labelledby="members-title" className="card">
        <h2 id="members-title">{t("staff.members")}</h2>
        {staff.isPending ? (
          <Loading />
        ) : staff.isError ? (
          <LoadFailed />
        ) : (
          <ul className="member-list">
            {staff.data.members.map((member) => (
              <li key={member.accountId}>
                <Member
                  member={member}
                  restaurants={restaurants}
                  editable={isOwner && member.accountId !== me.account.id}
                  mayWithdraw={mayHandle(membership, member)}
                  organisationId={organisationId}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <InviteForm organisationId={organisationId} restaurants={restaurants} roles={isOwner ? ALL_ROLES : ["staff"]} />
    </>
  );
}

const ALL_ROLES: StaffRole[] = ["owner", "manager", "staff"];

/** As the server decides: an owner handles anyone; a manager staff whose restaurants are all theirs. */
function mayHandle(actor: { role: StaffRole; productionUnitIds: number[] }, member: StaffMember): boolean {
  if (actor.role === "owner") return true;
  return member.role === "staff" && member.productionUnitIds.every((id) => actor.productionUnitIds.includes(id));
}

/**
 * One person of the organisation. Until they accept the invitation, the list shows the name the inviter typed and
 * says so; they cannot be disabled then (their account is not the organisation's yet).
 */
function Member(props: {
  member: StaffMember;
  restaurants: Restaurant[];
  editable: boolean;
  /** Whether the signed-in member may withdraw this one's invitation while it is pending. */
  mayWithdraw: boolean;
  organisationId: number;
}) {
  const { t } = useTranslation();
  const { member, restaurants, editable, mayWithdraw, organisationId } = props;
  const names = restaurants.filter((r) => member.productionUnitIds.includes(r.id)).map((r) => r.name);
  const form = useSchemaForm({
    schema: StaffUpdate,
    initial: { role: member.role, disabled: member.disabled },
    onValid: (change) => updateStaff(organisationId, member.accountId, change),
  });
  const prefix = `member-${member.accountId}`;
  return (
    <article className="member" aria-labelledby={`${prefix}-name`}>
      <h3 id={`${prefix}-name`}>{member.name || member.email}</h3>
      {member.invitationPending && <p className="badge warn">{t("staff.pending")}</p>}
      <p className="muted">
        {member.email} · {t(`roles.${member.role}`)}
        {member.role !== "owner" && names.length > 0 && ` · ${names.join(", ")}`}
        {!member.active && !member.invitationPending && ` · ${t("staff.invited")}`}
        {member.disabled && ` · ${t("staff.disabled")}`}
      </p>
      {editable && (
        <form noValidate onSubmit={form.submit} className="inline-form">
          <ErrorSummary errors={form.errors} labels={{}} attempt={form.attempt} />
          <SelectField
            path={`${prefix}-role`}
            label={t("staff.role")}
            value={form.values.role}
            options={ALL_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            onChange={(role) => form.update({ role })}
          />
          {!member.invitationPending && (
            <CheckboxField
              path={`${prefix}-disabled`}
              label={t("staff.disable")}
              hint={t("staff.disableHint")}
              checked={form.values.disabled}
              onChange={(disabled) => form.update({ disabled })}
            />
          )}
          <div className="actions">
            <SubmitButton busy={form.busy}>
              {t("form.save")}
              <span className="visually-hidden"> {member.name || member.email}</span>
            </SubmitButton>
            <SavedNote shown={form.saved} />
          </div>
        </form>
      )}
      {mayWithdraw && <WithdrawInvitation member={member} organisationId={organisationId} />}
    </article>
  );
}

/**
 * "Withdraw invitation", after a question: for an address typed wrong or a person who will not start. The row goes
 * with the list's reload; when the person accepted meanwhile the server refuses (409): the list shows them as a
 * member, and the refusal stays said under them.
 */
function WithdrawInvitation({ member, organisationId }: { member: StaffMember; organisationId: number }) {
  const { t } = useTranslation();
  const shown = member.name || member.email;
  return (
    <ConfirmAction
      className="withdraw-invitation"
      offered={member.invitationPending}
      button={
        <>
          {t("staff.withdraw.button")}
          <span className="visually-hidden"> {shown}</span>
        </>
      }
      question={t("staff.withdraw.question", { name: shown, email: member.email })}
      cancelLabel={t("staff.withdraw.cancel")}
      confirmLabel={t("staff.withdraw.confirm")}
      action={async () => {
        await withdrawInvitation(organisationId, member.accountId);
        // The row is gone with the list's reload: the list's heading is where the person is now.
        document.getElementById("members-title")?.focus();
      }}
      onFailure={async (failure) => {
        if (failure instanceof ApiError && (failure.status === 409 || failure.status === 404)) {
          await queryClient.invalidateQueries({ queryKey: ["staff", organisationId] });
        }
      }}
    />
  );
}

function InviteForm(props: { organisationId: number; restaurants: Restaurant[]; roles: StaffRole[] }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const initial = { email: "", name: "", role: props.roles.at(-1)!, productionUnitIds: [] as number[] };
  const form = useSchemaForm({
    schema: InviteRequest.refine((invite) => invite.role === "owner" || invite.productionUnitIds.length > 0, {
      message: "Input.ChooseRestaurant",
      path: ["productionUnitIds"],
    }),
    initial,
    onValid: async (invite) => {
      await inviteStaff(props.organisationId, invite);
      setSentTo(invite.email);
      form.setValues(initial);
    },
  });
  const { values, errors, update } = form;
  const labels = {
    email: t("signIn.email"),
    name: t("staff.name"),
    role: t("staff.role"),
    productionUnitIds: t("staff.restaurants"),
  };
  return (
    <section aria-labelledby="invite-title" className="card">
      <h2 id="invite-title">{t("staff.invite")}</h2>
      <form noValidate onSubmit={form.submit} className="form">
        <ErrorSummary errors={errors} labels={labels} attempt={form.attempt} />
        <TextField
          path="email"
          label={labels.email}
          type="email"
          inputMode="email"
          value={values.email}
          error={errors.email}
          onChange={(email) => update({ email })}
        />
        <TextField
          path="name"
          label={labels.name}
          value={values.name}
          error={errors.name}
          onChange={(name) => update({ name })}
        />
        <SelectField
          path="role"
          label={labels.role}
          hint={t(`staff.roleHint.${values.role}`)}
          value={values.role}
          error={errors.role}
          options={props.roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          onChange={(role) => update({ role })}
        />
        {values.role !== "owner" && (
          <FieldGroup legend={labels.productionUnitIds} path="productionUnitIds" error={errors.productionUnitIds}>
            {props.restaurants.map((restaurant) => (
              <CheckboxField
                key={restaurant.id}
                path={`restaurant-${restaurant.id}`}
                label={restaurant.name}
                checked={values.productionUnitIds.includes(restaurant.id)}
                onChange={(checked) =>
                  update({
                    productionUnitIds: checked
                      ? [...values.productionUnitIds, restaurant.id]
                      : values.productionUnitIds.filter((id) => id !== restaurant.id),
                  })
                }
              />
            ))}
          </FieldGroup>
        )}
        <div className="actions">
          <SubmitButton busy={form.busy}>{t("staff.sendInvite")}</SubmitButton>
          <p role="status" className="saved-note">
            {sentTo ? t("staff.sent", { email: sentTo }) : ""}
          </p>
        </div>
      </form>
    </section>
  );
}
