import { type ReactNode, type Ref, useId, useImperativeHandle, useRef } from "react";

export type PickupChoice = {
  value: string;
  label: string;
  detail?: string;
  /** A whole row of its own, first ("As soon as possible"). */
  featured?: boolean;
};

/** What a caller may do to the group from outside: move the keyboard's focus to one of its choices. */
export type PickupChoiceGroupHandle = { focusChoice: (value: string) => void };

export type PickupChoiceGroupProps = {
  ref?: Ref<PickupChoiceGroupHandle>;
  legend: string;
  choices: readonly PickupChoice[];
  /** The chosen value; null: none. */
  chosen: string | null;
  onChoose: (value: string) => void;
  disabled: boolean;
  /** Wider tiles (dates with a second line, the pickup/delivery switch). */
  wide?: boolean;
  className?: string;
  /** The id of a message about the whole group (e.g. "Please choose a time"). */
  describedBy?: string | undefined;
  busy?: boolean;
  /**
   * Nothing is chosen and the guest tried to place the order: each radio says so (aria-invalid), so the form's
   * focus after a refused submit lands on the group (the first field in error) rather than the summary.
   */
  invalid?: boolean;
  /** Shown in place of the tiles (loading, none, failed). */
  children?: ReactNode;
};

/**
 * One choice out of a few, as large tiles that wrap: real radio inputs under each face, so arrow keys,
 * Tab into the group and the screen reader's "1 of 8" all work as the platform makes them.
 */
export function PickupChoiceGroup({
  ref,
  legend,
  choices,
  chosen,
  onChoose,
  disabled,
  wide = false,
  className,
  describedBy,
  busy = false,
  invalid = false,
  children,
}: PickupChoiceGroupProps) {
  const name = useId();
  // The group's own radios by value: the page may hold other radios of the same value (a CSS query would also
  // have to escape the value).
  const inputs = useRef(new Map<string, HTMLInputElement>());
  useImperativeHandle(ref, () => ({ focusChoice: (value) => inputs.current.get(value)?.focus() }), []);
  return (
    <fieldset className="checkout-group" aria-describedby={describedBy} aria-busy={busy || undefined}>
      <legend>{legend}</legend>
      {choices.length > 0 ? (
        <div className={["checkout-choices", className].filter(Boolean).join(" ")} data-wide={wide || undefined}>
          {choices.map((choice) => (
            <label key={choice.value} className="checkout-choice" data-featured={choice.featured || undefined}>
              <input
                ref={(input) => {
                  if (input) inputs.current.set(choice.value, input);
                  return () => {
                    inputs.current.delete(choice.value);
                  };
                }}
                type="radio"
                name={name}
                value={choice.value}
                checked={chosen === choice.value}
                disabled={disabled}
                aria-invalid={invalid || undefined}
                onChange={() => onChoose(choice.value)}
              />
              <span className="checkout-choice-face">
                <span>{choice.label}</span>
                {/* A space between the lines, so the radio's name reads "As soon as possible about 12:15". */}
                {choice.detail ? " " : null}
                {choice.detail ? <span className="checkout-choice-detail">{choice.detail}</span> : null}
              </span>
            </label>
          ))}
        </div>
      ) : null}
      {children}
    </fieldset>
  );
}
