import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessageKey } from "../../lib/form-errors";

/**
 * Saves of a row's parts (a group's choices, a product's groups), each based on the version the screen shows:
 * `busy` while one runs, so the list waits; a refusal as a translated message in `error` (and rethrown, so a move
 * can say it was not made); the saved row handed to `onSaved`, whose new version the next save is based on.
 */
export function useVersionedSave<R>(version: number, onSaved: (saved: R) => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (save: (version: number) => Promise<R>) => {
    setBusy(true);
    setError(null);
    try {
      onSaved(await save(version));
    } catch (failure) {
      setError(t(`errors.${errorMessageKey(failure)}`, { defaultValue: t("errors.Unknown") }));
      throw failure;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
