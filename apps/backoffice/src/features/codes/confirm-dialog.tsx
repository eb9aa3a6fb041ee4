import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * Asks before something that cannot simply be undone (deleting a code, switching a gift card off). A native modal
 * <dialog>: the focus stays inside and starts on "Cancel" (the first button), Escape cancels.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) element.showModal();
    if (!props.open && element.open) element.close();
  }, [props.open]);
  return (
    <dialog ref={dialog} className="codes-dialog" aria-labelledby="confirm-title" onClose={props.onCancel}>
      {props.open && (
        <div className="codes-dialog-body">
          <h2 id="confirm-title">{props.title}</h2>
          {props.children}
          <div className="button-row">
            <button type="button" className="button" onClick={props.onCancel}>
              {t("codes.cancel")}
            </button>
            <button type="button" className="button primary" onClick={props.onConfirm}>
              {props.confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
