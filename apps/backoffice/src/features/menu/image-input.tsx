/**
 * The image of a category or product. Until the back office's image upload field
 * (components/image-field.tsx, issue 45 point 3) arrives, an image is given by its address, with a thumbnail so
 * the person sees what they chose; the form only ever holds the URL either way.
 */
import { TextField } from "../../components/form";
import type { FieldError } from "../../lib/form-errors";

export function ImageInput(props: {
  path: string;
  label: string;
  hint: string;
  value: string;
  error: FieldError | undefined;
  onChange: (url: string) => void;
}) {
  return (
    <div className="image-input">
      <TextField
        path={props.path}
        label={props.label}
        hint={props.hint}
        value={props.value}
        type="url"
        inputMode="url"
        error={props.error}
        onChange={props.onChange}
      />
      {props.value ? <img className="image-thumb" src={props.value} alt="" width={96} height={72} /> : null}
    </div>
  );
}
