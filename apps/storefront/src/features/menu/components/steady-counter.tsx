import { useEffect, useRef } from "react";
import { Counter, type CounterProps } from "../../../components/ui/counter";

/**
 * The shared Counter, keeping the keyboard focus when the pressed button becomes disabled (plus at the
 * group's limit, minus at 0): a disabled button drops the focus to the page, so it moves to the
 * counter's other button instead of sending the guest back to the top of the page.
 */
export function SteadyCounter(props: CounterProps) {
  const pressed = useRef<HTMLButtonElement | null>(null);
  const { value, max, min, disabled } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a button may have become disabled
  useEffect(() => {
    const button = pressed.current;
    if (!button?.disabled) return;
    pressed.current = null;
    const active = document.activeElement;
    if (active !== button && active !== document.body && active !== null) return;
    button.parentElement?.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus();
  }, [value, max, min, disabled]);
  return (
    <div
      className="product-counter"
      onClickCapture={(event) => {
        pressed.current = event.target instanceof HTMLButtonElement ? event.target : null;
      }}
    >
      <Counter {...props} />
    </div>
  );
}
