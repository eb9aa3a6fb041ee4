/**
 * The image of a category or product: the back office's image field (choose or drop a file, uploaded at once), its
 * value the uploaded image's URL. Wrapped so a refused image URL lands here with the error summary's link.
 */
import { useErrorText } from "../../components/form";
import { ImageField } from "../../components/image-field";
import { type FieldError, fieldId } from "../../lib/form-errors";
import { useMenuEditor } from "./editor-context";

export function ImageInput(props: {
  path: string;
  label: string;
  value: string;
  error: FieldError | undefined;
  onChange: (url: string) => void;
}) {
  const { restaurant } = useMenuEditor();
  const error = useErrorText()(props.error);
  return (
    // The error summary's link focuses this (the field's own controls have ids of their own).
    <div id={fieldId(props.path)} tabIndex={-1} className="image-input">
      <ImageField
        restaurantId={restaurant.id}
        label={props.label}
        value={props.value}
        onChange={props.onChange}
        {...(error ? { error } : {})}
      />
    </div>
  );
}
