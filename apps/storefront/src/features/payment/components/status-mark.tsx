/** The big sign above a status title: a spinner while waiting, a tick when done, a cross when it ended. Decorative. */
export function StatusMark({ kind }: { kind: "created" | "authorized" | "cancelled" | "failed" | "working" }) {
  if (kind === "created" || kind === "working") {
    return <span className="spinner status-mark-spinner" aria-hidden="true" />;
  }
  const done = kind === "authorized";
  return (
    <svg
      className={`status-mark ${done ? "status-mark-done" : "status-mark-ended"}`}
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="24" cy="24" r="22" />
      {done ? <path d="M14 25l7 7 13-15" /> : <path d="M16 16l16 16M32 16L16 32" />}
    </svg>
  );
}
