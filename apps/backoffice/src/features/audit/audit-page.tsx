import type { AuditEntry } from "@app/contracts";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../components/form";
import { LoadFailed, Loading, PageHeading } from "../../components/page-heading";
import { money } from "../../lib/money";
import { restaurantsQuery } from "../../lib/restaurant-list";
import { type AuditFilter, auditQuery } from "./api";
import { type Change, changesBetween, codeKey, isAmountInOre, valueText } from "./diff";
import { entryTimeZone } from "./entry-time-zone";

/** Every change made in the back office, newest first: who, when, where, and what went from what to what. */
export function AuditPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AuditFilter>({});
  const log = useInfiniteQuery(auditQuery(filter));
  const restaurants = useQuery(restaurantsQuery).data?.restaurants ?? [];
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  // The people are those seen in the log so far: a filter must not make the others vanish from the list.
  const people = useRef(new Map<string, string>());
  for (const entry of entries) {
    if (entry.accountId) people.current.set(entry.accountId, `${entry.actorName} (${entry.actorEmail})`);
  }
  return (
    <>
      <PageHeading title={t("audit.title")} />
      <div className="filters">
        <SelectField
          path="filter-restaurant"
          label={t("audit.restaurant")}
          value={filter.restaurantId ? String(filter.restaurantId) : ""}
          options={[
            { value: "", label: t("audit.all") },
            ...restaurants.map((r) => ({ value: String(r.id), label: r.name })),
          ]}
          onChange={(value) => setFilter({ ...filter, restaurantId: value ? Number(value) : undefined })}
        />
        <SelectField
          path="filter-person"
          label={t("audit.person")}
          value={filter.accountId ?? ""}
          options={[
            { value: "", label: t("audit.everyone") },
            ...[...people.current].map(([id, name]) => ({ value: id, label: name })),
          ]}
          onChange={(value) => setFilter({ ...filter, accountId: value || undefined })}
        />
      </div>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <LoadFailed />
      ) : entries.length === 0 ? (
        <p>{t("audit.empty")}</p>
      ) : (
        <ol className="audit-list" aria-label={t("audit.title")}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <Entry entry={entry} timeZone={entryTimeZone(entry, restaurants)} />
            </li>
          ))}
        </ol>
      )}
      {log.hasNextPage && (
        <button type="button" className="button" onClick={() => void log.fetchNextPage()}>
          {t("audit.more")}
        </button>
      )}
    </>
  );
}

function Entry({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  const { t, i18n } = useTranslation();
  // Ids and the version the server counts saves by are the system's, not something a person changed (an order is
  // named by its receipt number beside; "version 1 → 2" beside every accepted order told a manager nothing).
  const every = changesBetween(entry.before, entry.after).filter(
    (change) => !/(^|\.)(id|moduleId|organisationId|orderId|version)$/.test(change.path),
  );
  // A thing created or removed, or an event (an alert sent, an item sold out), has one side only: its values are
  // facts, not "nothing → value", and a text in several languages reads in the reader's, when it has one.
  const side = isNothing(entry.before) ? "after" : isNothing(entry.after) ? "before" : null;
  const changes = side ? inReadersLanguage(every, i18n.language) : every;
  const severalLanguages = textsInSeveralLanguages(changes);
  // A stored amount in øre is shown as money; whether a code's value is one depends on its side's kind.
  const inOre = (path: string, from: "before" | "after") => isAmountInOre(path, entry.action, entry[from]);
  // A changed field by the name its form gives it (the settings' and details' labels), else by its path.
  const fieldName = (fullPath: string): string => {
    // A text in one language (a product's name in Danish): the field's name, and the language's where the entry
    // shows the text in more than one.
    const leaf = languageLeaf(fullPath);
    if (leaf) {
      const field = fieldName(leaf.field);
      if (!severalLanguages.has(leaf.field)) return field;
      return `${field} (${new Intl.DisplayNames(i18n.language, { type: "language" }).of(leaf.language)})`;
    }
    const path = fullPath.replace(/^(settings|details)\./, "");
    // A change of one value (a logo, the maintenance flag, the host names) is named by its action.
    const own = path === "value" ? `audit.fields.${entry.action.replace(/\W/g, "_")}` : "";
    const key = [own, `settings.${path}.label`, `details.${path}`, `audit.fields.${path}`].find(
      (k) => k && i18n.exists(k),
    );
    const name = key ? t(key) : path;
    // "Name" alone would read as the restaurant's: the guest information's parts say whose.
    return path.startsWith("requiredGuestInformation.")
      ? `${t("settings.requiredGuestInformation.label")}: ${name}`
      : name;
  };
  return (
    <article className="audit-entry">
      <h2 className="audit-what">
        {t(`audit.actions.${entry.action.replace(/\W/g, "_")}`, { defaultValue: entry.action })}
        {entry.restaurantName && <span className="muted"> · {entry.restaurantName}</span>}
      </h2>
      <p className="muted">
        <time dateTime={entry.at}>{valueText(entry.at, i18n.language, timeZone)}</time> · {actorText(t, entry)}
      </p>
      {changes.length > 0 && (
        <dl className="diff">
          {changes.map((change) => (
            <div key={change.path}>
              <dt>{fieldName(change.path)}</dt>
              <dd>
                {side ? (
                  <Value path={change.path} value={change[side]} timeZone={timeZone} ore={inOre(change.path, side)} />
                ) : (
                  <>
                    <Value
                      path={change.path}
                      value={change.before}
                      timeZone={timeZone}
                      ore={inOre(change.path, "before")}
                    />{" "}
                    <span aria-hidden="true">→</span>
                    <span className="visually-hidden">{t("audit.to")}</span>{" "}
                    <Value
                      path={change.path}
                      value={change.after}
                      timeZone={timeZone}
                      ore={inOre(change.path, "after")}
                    />
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}

/** "name.da-DK": the text's field ("name") and its language ("da"); null for a path that does not end in one. */
function languageLeaf(path: string): { field: string; language: string } | null {
  const match = /\.([a-z]{2})-[A-Z]{2}$/.exec(path);
  return match ? { field: path.slice(0, match.index), language: match[1]! } : null;
}

function isNothing(value: unknown): boolean {
  return value === null || value === undefined;
}

/** A text's languages narrowed to the reader's, where the text has it; other changes as they are. */
function inReadersLanguage(changes: Change[], readerLanguage: string): Change[] {
  const paths = new Set(changes.map((change) => change.path));
  return changes.filter((change) => {
    const leaf = languageLeaf(change.path);
    if (!leaf) return true;
    const own = `${leaf.field}.${readerLanguage}`;
    return !paths.has(own) || change.path === own;
  });
}

/** The fields ("name") whose text the changes show in more than one language. */
function textsInSeveralLanguages(changes: Change[]): Set<string> {
  const seen = new Set<string>();
  const several = new Set<string>();
  for (const change of changes) {
    const field = languageLeaf(change.path)?.field;
    if (field === undefined) continue;
    if (seen.has(field)) several.add(field);
    seen.add(field);
  }
  return several;
}

/** One item of a list as text: a terms text as its language and headings, anything else as itself. */
function listItemText(item: unknown): string {
  if (typeof item === "string" || typeof item === "number") return String(item);
  const terms = item as { language?: unknown; sections?: { heading?: unknown }[] } | null;
  if (typeof terms?.language === "string" && Array.isArray(terms.sections)) {
    return `${terms.language}: ${terms.sections.map((section) => String(section.heading ?? "")).join("; ") || "—"}`;
  }
  return JSON.stringify(item);
}

function Value(props: { path: string; value: Change["before"]; timeZone: string; ore: boolean }) {
  const { path, value, timeZone, ore } = props;
  const { t, i18n } = useTranslation();
  if (value === undefined || value === null || value === "") return <span className="muted">{t("audit.nothing")}</span>;
  if (typeof value === "boolean") return <span>{t(value ? "audit.yes" : "audit.no")}</span>;
  if (Array.isArray(value)) return <span>{value.map(listItemText).join(", ")}</span>;
  if (typeof value === "object") return <code>{JSON.stringify(value)}</code>;
  if (typeof value === "number" && ore) return <span className="value">{money(value / 100, i18n.language)}</span>;
  const key = typeof value === "string" ? codeKey(path, value) : "";
  if (key && i18n.exists(key)) return <span className="value">{t(key)}</span>;
  return <span className="value">{valueText(value as string | number, i18n.language, timeZone)}</span>;
}

/** Who made the change: a person by name, the server's own jobs (actor email "system") by their name translated. */
function actorText(t: TFunction, entry: { actorName: string; actorEmail: string }): string {
  if (entry.actorEmail === "system") return t(`audit.system.${entry.actorName}`, { defaultValue: entry.actorName });
  return entry.actorName || entry.actorEmail;
}
