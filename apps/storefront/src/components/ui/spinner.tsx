/** The full-page spinner of SPEC §2, with an optional message (e.g. "Contacting the restaurant…"). */
export function FullPageSpinner({ message, label }: { message?: string | undefined; label: string }) {
  return (
    <div className="full-page-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className={message ? "spinner-message" : "visually-hidden"}>{message ?? label}</span>
    </div>
  );
}
