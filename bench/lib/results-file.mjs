/**
 * The file in bench/results/ (git-ignored) a run writes, with a .md twin holding its table: one per kind of run, so
 * a `--pg` run does not replace the PGlite run before it, and a partial or `--quick` run (development) replaces
 * neither of the full runs.
 *   latest.json               every part on PGlite, full length
 *   latest-pg.json            the same on PostgreSQL (latest-pg-2.json with --processes 2)
 *   partial.json, partial-pg.json, …   --only some parts, --quick or --cpu-prof
 */
export function resultsFileName({ pg, processes, quick, partial }) {
  const database = pg ? (processes > 1 ? `-pg-${processes}` : "-pg") : "";
  return `${quick || partial ? "partial" : "latest"}${database}.json`;
}
