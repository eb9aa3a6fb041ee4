/**
 * `npm run admin -- <command>`: the operator's tasks that come before anyone can sign in.
 *
 *   create-owner --email E --organisation "Name" [--name N] [--base-url URL]
 *     creates the organisation and its owner account, and prints a single-use setup link (valid 24 hours)
 *     where the owner chooses a password. The base URL defaults to PUBLIC_URL, else http://localhost:3000.
 *
 * Uses the server's configuration (DATA_DIR, DATABASE_URL, …). With PGlite the API must be stopped first: its
 * data folder belongs to one process.
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { SingleLineText, StaffEmail } from "@app/contracts";
import { type Database, DataDirInUseError, openDatabase } from "@app/db";
import { z } from "zod";
import { type Config, loadConfig } from "../config";
import { createOwner, linkUrl } from "../modules/staff";

const USAGE = `Usage: npm run admin -- create-owner --email E --organisation "Name" [--name N] [--base-url URL]`;

const CreateOwnerOptions = z.object({
  email: StaffEmail,
  organisation: SingleLineText(120),
  name: SingleLineText(120).optional(),
  "base-url": z.url({ protocol: /^https?$/ }).optional(),
});

/**
 * The contracts refuse with a catalogue code (Input.SingleLine) that the back office turns into words; an operator
 * at a terminal reads the sentence (the back office's English text), not the code.
 */
const MESSAGES: Record<string, string> = {
  "Input.SingleLine": "write it on one line, without line breaks or characters that change the text's direction",
  "Input.InvalidEmail": "write an email address like name@example.dk",
};

const OPTIONS = {
  email: { type: "string" },
  organisation: { type: "string" },
  name: { type: "string" },
  "base-url": { type: "string" },
} as const;

/** Runs one command; answers the process's exit code. `print` and `fail` are the output's two streams. */
export async function runAdmin(
  args: string[],
  env: NodeJS.ProcessEnv,
  out: { print: (line: string) => void; fail: (line: string) => void },
  open: (config: Config) => Promise<Database> = openConfigured,
): Promise<number> {
  const [command, ...rest] = args;
  if (command !== "create-owner") {
    out.fail(USAGE);
    return 2;
  }
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args: rest, options: OPTIONS, strict: true }));
  } catch (error) {
    out.fail(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const parsed = CreateOwnerOptions.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      out.fail(`--${issue.path.join(".")}: ${MESSAGES[issue.message] ?? issue.message}`);
    out.fail(USAGE);
    return 2;
  }
  const options = parsed.data;
  const config = loadConfig(env);
  const database = await open(config);
  try {
    const created = await createOwner(
      database.db,
      { email: options.email, organisationName: options.organisation, name: options.name },
      new Date(),
    );
    const base = (options["base-url"] ?? config.publicUrl ?? "http://localhost:3000").replace(/\/+$/, "");
    out.print(`Organisation "${options.organisation}" (id ${created.organisationId}) created; owner ${options.email}.`);
    if (created.setupToken) {
      out.print("Setup link (single use, valid 24 hours):");
      out.print(linkUrl(base, created.setupToken));
    } else {
      out.print(`${options.email} has a password already: they sign in at ${base}/admin/`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

/** The database the server would open with this configuration. */
function openConfigured(config: Config): Promise<Database> {
  return openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl, poolSize: 2 }
      : { kind: "pglite", dataDir: `${config.dataDir}/pglite` },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    process.exitCode = await runAdmin(process.argv.slice(2), process.env, {
      print: (line) => console.log(line),
      fail: (line) => console.error(line),
    });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(`${error.message}\nStop the API first: with PGlite its data folder belongs to one process.`);
    process.exitCode = 1;
  }
}
