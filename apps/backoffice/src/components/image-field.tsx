/**
 * A product's or category's picture: choose a file (or drop it on the picture), and it is uploaded at once to
 * POST /api/admin/restaurants/{restaurantId}/menu-images; the field's value becomes the uploaded image's URL.
 *
 * Props:
 * - `restaurantId`: whose image it is (the upload's URL).
 * - `value`: the image URL the form holds ("" for none): shown as the preview; one that no longer loads (a menu image
 *   the server deleted unused) says so in its place, and can be replaced or removed.
 * - `onChange(url)`: called with the uploaded image's URL (`/api/menu-images/<hash>/640.webp`), or "" on remove.
 * - `label`: the field's visible name, already translated (e.g. t("menu.productImage")).
 * - `error`: a message of the form's own for this field (already translated), shown with the upload's errors.
 *
 * The file's type and size are checked here first with a message in the user's language (the server checks the
 * bytes again, and its refusals are shown in the user's language too). An upload never changes the saved
 * product or category by itself: the form the field sits in saves `value` as any other field.
 */
import { MENU_IMAGE_CONTENT_TYPES, MENU_IMAGE_MAX_BYTES, type MenuImageUploaded } from "@app/contracts";
import { type DragEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, apiRequest } from "../lib/api";
import { useImageFailed } from "../lib/use-image-failed";

export type ImageFieldProps = {
  restaurantId: number;
  value: string;
  onChange: (url: string) => void;
  label: string;
  error?: string;
};

const TYPES: readonly string[] = MENU_IMAGE_CONTENT_TYPES;
/** Server refusals with a message of their own here; any other code reads images.errors.Unknown. */
const KNOWN_CODES = new Set([
  "Input.InvalidImage",
  "Input.ImageTooLarge",
  "Input.ImageTooManyPixels",
  "UPLOADS_BUSY",
  "NETWORK",
]);

export function ImageField({ restaurantId, value, onChange, label, error }: ImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const image = useImageFailed(value);

  const take = async (file: File | undefined) => {
    if (!file || busy) return;
    const refused = checkFile(file);
    setProblem(refused);
    if (refused) return;
    setBusy(true);
    try {
      onChange((await uploadMenuImage(restaurantId, file)).url);
    } catch (failure) {
      setProblem(errorCode(failure));
    } finally {
      setBusy(false);
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  const message = problem ? t(`images.errors.${problem}`) : error;
  const describedBy = [`${id}-hint`, message ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={message ? "field image-field has-error" : "field image-field"}>
      <span className="image-field-label" id={`${id}-label`}>
        {label}
      </span>
      <figure
        className={dragging ? "image-frame dragging" : "image-frame"}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        {value && !image.failed ? (
          <img src={value} alt={t("images.preview", { label })} onError={image.onError} />
        ) : (
          <span className="muted">{t(value ? "images.missing" : "images.none")}</span>
        )}
      </figure>
      <p className="hint" id={`${id}-hint`}>
        {t("images.hint")}
      </p>
      {message && (
        <p className="field-error" id={`${id}-error`}>
          {message}
        </p>
      )}
      <div className="control-row">
        <input
          id={id}
          type="file"
          className="file-input visually-hidden"
          accept={TYPES.join(",")}
          disabled={busy}
          aria-labelledby={`${id}-label ${id}-choose`}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            void take(event.target.files?.[0]);
            event.target.value = ""; // the same file chosen again is a new choice
          }}
        />
        <label htmlFor={id} id={`${id}-choose`} className="button" aria-disabled={busy ? true : undefined}>
          {value ? t("images.replace") : t("images.choose")}
        </label>
        {value && (
          <button type="button" className="button" disabled={busy} onClick={() => onChange("")}>
            {t("images.remove")}
          </button>
        )}
      </div>
      <p className="muted" aria-live="polite">
        {busy ? t("images.uploading") : ""}
      </p>
    </div>
  );
}

/** The code of what is wrong with the file before it is sent, or null. */
function checkFile(file: File): string | null {
  if (!TYPES.includes(file.type)) return "WrongType";
  if (file.size > MENU_IMAGE_MAX_BYTES) return "Input.ImageTooLarge";
  return null;
}

function errorCode(failure: unknown): string {
  if (failure instanceof ApiError) {
    const code = failure.errors[0]?.code ?? "";
    return KNOWN_CODES.has(code) ? code : "Unknown";
  }
  return "NETWORK"; // fetch failed: no answer from the server
}

function uploadMenuImage(restaurantId: number, file: File): Promise<MenuImageUploaded> {
  return apiRequest<MenuImageUploaded>("POST", `/restaurants/${restaurantId}/menu-images`, {
    raw: file,
    contentType: file.type,
  });
}
