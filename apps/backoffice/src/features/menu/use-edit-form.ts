/**
 * A form that edits one saved row of the menu (or creates one): the lib's schema form (the server's zod schema
 * checked in the browser, refused fields on their field, what was typed kept) plus what editing shared rows needs:
 * the `version` the edit is based on, and the 409 of a stale save. Then nothing is lost: the typed values stay on
 * the screen beside "<name> changed this at <time>" until the person chooses to load the other version or to save
 * theirs over it.
 */
import type { EditConflict } from "@app/contracts";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { editConflictOf } from "../../lib/edit-conflict";
import { type FieldErrors, serverFieldErrors, zodFieldErrors } from "../../lib/form-errors";
import { useLeaveWarning } from "../../lib/use-leave-warning";

/** The form's values as the request, or the fields typed in a way no request can carry (a price of "abc"). */
export type ToInput = { input: Record<string, unknown> } | { errors: FieldErrors };

type Options<V, S extends z.ZodType> = {
  schema: S;
  initial: V;
  /** The row's version when editing, undefined when creating. */
  version?: number | undefined;
  toInput: (values: V) => ToInput;
  onValid: (data: z.output<S>) => Promise<unknown>;
  /** The row as it is now on the server (read again), for "Load their version". */
  loadCurrent?: () => Promise<{ values: V; version: number } | null>;
};

export function useEditForm<V, S extends z.ZodType>(options: Options<V, S>) {
  const { schema, initial, toInput, onValid } = options;
  const [values, setValues] = useState<V>(initial);
  const [version, setVersion] = useState(options.version);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [unsaved, setUnsaved] = useState(false);
  const { whileSaving } = useLeaveWarning(unsaved);

  const update = (change: Partial<V> | ((current: V) => V)) => {
    setValues((current) => (typeof change === "function" ? change(current) : { ...current, ...change }));
    setSaved(false);
    setUnsaved(true);
  };

  const refuse = (refused: FieldErrors) => {
    setErrors(refused);
    setAttempt((n) => n + 1);
  };

  const send = async (basedOn: number | undefined) => {
    if (busy) return;
    const typed = toInput(values);
    if ("errors" in typed) return refuse(typed.errors);
    const parsed = schema.safeParse(basedOn === undefined ? typed.input : { ...typed.input, version: basedOn });
    if (!parsed.success) return refuse(zodFieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const answer = (await whileSaving(() => onValid(parsed.data))) as { version?: number } | undefined;
      if (typeof answer?.version === "number") setVersion(answer.version);
      setConflict(null);
      setSaved(true);
      setUnsaved(false);
    } catch (error) {
      const stale = editConflictOf(error);
      if (stale) setConflict(stale);
      else refuse(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    return send(version);
  };

  /** The other person's version replaces what was typed (the person chose so). */
  const loadTheirs = async () => {
    const current = await options.loadCurrent?.();
    if (!current) return;
    setValues(current.values);
    setVersion(current.version);
    setUnsaved(false);
    setErrors({});
    setConflict(null);
    setSaved(false);
  };

  /** What was typed is saved over the other version, now knowingly: based on the version that refused it. */
  const saveMine = () => (conflict ? send(conflict.current.version) : Promise.resolve());

  /** After a save elsewhere on the page moved the row's version on (an option group attached to the product). */
  const rebase = (next: number) => setVersion(next);

  return {
    values,
    update,
    errors,
    busy,
    saved,
    unsaved,
    attempt,
    submit,
    conflict,
    loadTheirs,
    saveMine,
    version,
    rebase,
  };
}

export type EditForm<V> = ReturnType<typeof useEditForm<V, z.ZodType>>;
