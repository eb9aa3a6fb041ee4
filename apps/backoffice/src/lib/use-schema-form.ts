/**
 * A form checked with the very zod schema the server checks with (packages/contracts): refused fields show their
 * errors at once, without a request; the server's refusals land on the same fields. What was typed is kept either way.
 * A save someone else's save overtook (409 EditConflict) is `conflict` (components/conflict-notice.tsx says who
 * and when); what was typed stays until the person loads the saved version (`reset`).
 */
import type { EditConflict } from "@app/contracts";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { editConflictOf } from "./edit-conflict";
import { type FieldErrors, serverFieldErrors, zodFieldErrors } from "./form-errors";
import { useLeaveWarning } from "./use-leave-warning";

type Options<V, S extends z.ZodType> = {
  schema: S;
  initial: V;
  /** The form's values as the schema's input (e.g. a typed number from its text); the values themselves by default. */
  toInput?: (values: V) => unknown;
  onValid: (data: z.output<S>) => Promise<unknown>;
  /** The section of the request body the form sends, as the server names refused fields (`settings.…`). */
  section?: string;
  /** Whether leaving with unsaved typing asks first (yes, but for sign-in and the like, where nothing is lost). */
  warnOnLeave?: boolean;
};

export function useSchemaForm<V, S extends z.ZodType>(options: Options<V, S>) {
  const { schema, initial, toInput, onValid, section, warnOnLeave = true } = options;
  const [values, setValues] = useState<V>(initial);
  const [unsaved, setUnsaved] = useState(false);
  const { whileSaving } = useLeaveWarning(warnOnLeave && unsaved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  /** Counts refused submits, so the error summary takes the focus again on each. */
  const [attempt, setAttempt] = useState(0);
  const [conflict, setConflict] = useState<EditConflict | null>(null);

  const update = (change: Partial<V> | ((current: V) => V)) => {
    setValues((current) => (typeof change === "function" ? change(current) : { ...current, ...change }));
    setSaved(false);
    setUnsaved(true);
  };

  const refuse = (refused: FieldErrors) => {
    setErrors(refused);
    setAttempt((n) => n + 1);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const parsed = schema.safeParse(toInput ? toInput(values) : values);
    if (!parsed.success) return refuse(zodFieldErrors(parsed.error));
    setErrors({});
    setConflict(null);
    setBusy(true);
    try {
      await whileSaving(() => onValid(parsed.data));
      setSaved(true);
      setUnsaved(false);
    } catch (error) {
      const stale = editConflictOf(error);
      if (stale) {
        setConflict(stale);
        setAttempt((n) => n + 1);
      } else refuse(serverFieldErrors(error, section));
    } finally {
      setBusy(false);
    }
  };

  /** Starts again from values read from the server (the person chose to load the saved version after a conflict). */
  const reset = (next: V) => {
    setValues(next);
    setErrors({});
    setConflict(null);
    setSaved(false);
    // Nothing typed is left to lose: leaving no longer asks (as useEditForm's loadTheirs and useSectionForm's reset).
    setUnsaved(false);
  };

  return { values, update, errors, busy, saved, attempt, submit, setValues, conflict, reset };
}
