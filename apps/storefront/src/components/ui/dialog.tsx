import { type ReactNode, useEffect, useId, useRef } from "react";

export type DialogProps = {
  open: boolean;
  /** Called on Escape, on the backdrop and by the caller's own close buttons. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** "sheet" slides up from the bottom on a phone and sits at the side on a desktop (the cart). */
  variant?: "modal" | "sheet";
  className?: string;
};

/**
 * A modal dialog on the native `<dialog>` element: `showModal()` gives the focus trap, Escape, the
 * inert page behind and focus back to the opener on close, without a library.
 */
export function Dialog({ open, onClose, title, children, variant = "modal", className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // happy-dom and old browsers may lack showModal; `open` still shows it there.
    if (open && !dialog.open) dialog.showModal ? dialog.showModal() : dialog.setAttribute("open", "");
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click's keyboard equivalent is Escape (onCancel)
    <dialog
      ref={ref}
      className={`dialog dialog-${variant}${className ? ` ${className}` : ""}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself, outside its content box.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog-content">
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
