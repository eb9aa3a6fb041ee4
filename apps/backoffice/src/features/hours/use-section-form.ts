/**
 * A form for one section of the hours or ordering (a list editor): checked in the browser with the contract's
 * zod schema and the same domain rules the server applies (overlapping ranges, repeated dates and zip codes), so
 * refused fields show at once, on their field; the server's refusals land on the same fields. What was typed
 * stays either way. A save someone else's save overtook (409 EditConflict) keeps what was typed and says who
 * saved and when; loading their version is the user's choice.
 */
import type { EditConflict } from "@app/contracts";
import type { EditProblem } from "@app/domain";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { ApiError } from "../../lib/api";
import { type FieldErrors, serverFieldErrors, zodFieldErrors } from "../../lib/form-errors";
import { useLeaveWarning } from "../../lib/use-leave-warning";

type Options<V, S extends z.ZodType> = {
  schema: S;
  initial: V;
  toInput: (values: V) => unknown;
  problems: (data: z.output<S>) => EditProblem[];
  /** Saves; the values it answers (the saved section, with its new version) replace the form's. */
  onValid: (data: z.output<S>) => Promise<V>;
};

export function useSectionForm<V, S extends z.ZodType>(options: Options<V, S>) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [unsaved, setUnsaved] = useState(false);
  const { whileSaving } = useLeaveWarning(unsaved);

  const update = (change: (current: V) => V) => {
    setValues(change);
    setSaved(false);
    setUnsaved(true);
  };
  const refuse = (refused: FieldErrors) => {
    setErrors(refused);
    setAttempt((n) => n + 1);
  };
  /** Starts again from a version read from the server (after a conflict). */
  const reset = (initial: V) => {
    setValues(initial);
    setErrors({});
    setConflict(null);
    setSaved(false);
    setUnsaved(false);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const parsed = options.schema.safeParse(options.toInput(values));
    if (!parsed.success) return refuse(zodFieldErrors(parsed.error));
    const problems = options.problems(parsed.data);
    if (problems.length > 0) return refuse(Object.fromEntries(problems.map((p) => [p.field, { code: p.code }])));
    setErrors({});
    setConflict(null);
    setBusy(true);
    try {
      setValues(await whileSaving(() => options.onValid(parsed.data)));
      setSaved(true);
      setUnsaved(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && isConflict(error.body)) {
        setConflict(error.body);
        setAttempt((n) => n + 1);
      } else refuse(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return { values, update, errors, busy, saved, attempt, conflict, submit, reset };
}

function isConflict(body: unknown): body is EditConflict {
  return (body as EditConflict | undefined)?.code === "EDIT_CONFLICT";
}
