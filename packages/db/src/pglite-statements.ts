import { type PGlite, types as pgliteTypes, protocol } from "@electric-sql/pglite";

type QueryOptions = NonNullable<Parameters<PGlite["query"]>[2]>;
type Results = Awaited<ReturnType<PGlite["query"]>>;
type Transaction = Parameters<Parameters<PGlite["transaction"]>[0]>[0];
type BackendMessage = Awaited<ReturnType<PGlite["execProtocol"]>>["messages"][number];
type Field = { name: string; dataTypeID: number };

/** A statement PGlite holds under its name: the types of its parameters and the columns of its rows. */
type Prepared = { name: string; parameterTypes: number[]; fields: Field[] };

/** PGlite's mutexes and readiness check: protected in its types, what its own query() and transaction() use. */
type PGliteInternals = {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
};

const { serialize } = protocol;

/** Far more than the distinct statements the API runs (a few hundred); a bound all the same. */
const DEFAULT_MAX_STATEMENTS = 2000;

/**
 * PGlite's own query() runs every statement as six calls into WebAssembly (parse, describe, bind, describe,
 * execute, sync), and PostgreSQL parses, analyses and plans the same SQL text again each time. Here each
 * text is parsed and described once, as a named statement of the session (the database's only one), and
 * every run is a single call: Bind, Execute, Sync. A one-row select went from ~185 to ~88 µs.
 *
 * query() and a transaction's query() are replaced; everything else (exec, listen, the mutexes that keep a
 * transaction's statements together) is PGlite's own. The least recently used statement is closed when
 * `maxStatements` are held. Why PostgreSQL through `pg` does not do the same: docs/decisions/018.
 */
export function preparingStatements(client: PGlite, maxStatements = DEFAULT_MAX_STATEMENTS): PGlite {
  const internals = client as unknown as PGliteInternals;
  const statements = new Map<string, Prepared>();
  let named = 0;

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const name = `s${++named}`;
    const messages: Uint8Array[] = [];
    const oldest = statements.size >= maxStatements ? statements.keys().next().value : undefined;
    if (oldest !== undefined) {
      // First: a Parse that fails makes PostgreSQL skip the messages after it.
      messages.push(serialize.close({ type: "S", name: (statements.get(oldest) as Prepared).name }));
      statements.delete(oldest);
    }
    messages.push(serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: "S", name }));
    const answer = await send(messages, options);
    return {
      name,
      parameterTypes: answer.find(isParameterDescription)?.dataTypeIDs ?? [],
      fields: answer.find(isRowDescription)?.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) ?? [],
    };
  }

  async function run(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> {
    return internals._runExclusiveQuery(async () => {
      const key = options?.paramTypes ? `${options.paramTypes.join(",")};${text}` : text;
      try {
        return await execute(key, text, params, options);
      } catch (error) {
        if (isStatementGone(error)) statements.delete(key);
        // Inside a transaction the failed statement has aborted it: only the caller can start again.
        if (!isStatementGone(error) || client.isInTransaction()) throw withQuery(error, text, params, options);
        return await execute(key, text, params, options).catch((again) => {
          throw withQuery(again, text, params, options);
        });
      }
    });
  }

  async function execute(key: string, text: string, params: unknown[], options: QueryOptions | undefined) {
    let statement = statements.get(key);
    if (statement) statements.delete(key); // set again below: the Map's order is the recency
    statement ??= await prepare(text, options);
    statements.set(key, statement);
    const answer = await send(
      [
        serialize.bind({ statement: statement.name, values: serialized(statement, params, options) }),
        serialize.execute({}),
      ],
      options,
    );
    return results(statement.fields, answer, options);
  }

  async function send(messages: Uint8Array[], options: QueryOptions | undefined): Promise<BackendMessage[]> {
    messages.push(serialize.sync());
    const answer = await client.execProtocol(concatenated(messages), { syncToFs: false, onNotice: options?.onNotice });
    return answer.messages;
  }

  function serialized(statement: Prepared, params: unknown[], options: QueryOptions | undefined) {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.parameterTypes[i] as number;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
  }

  function results(fields: Field[], answer: BackendMessage[], options: QueryOptions | undefined): Results {
    const parsers = fields.map(
      ({ dataTypeID }) =>
        options?.parsers?.[dataTypeID] ?? client.parsers[dataTypeID] ?? pgliteTypes.parsers[dataTypeID],
    );
    const asArrays = options?.rowMode === "array";
    const rows: unknown[] = [];
    let affectedRows = 0;
    for (const message of answer) {
      if (message.name === "dataRow") {
        const values = (message as unknown as { fields: (string | null)[] }).fields.map((raw, i) => {
          const parser = parsers[i];
          return raw === null || !parser ? raw : parser(raw, fields[i]?.dataTypeID as number);
        });
        rows.push(asArrays ? values : Object.fromEntries(values.map((value, i) => [fields[i]?.name, value])));
      } else if (message.name === "commandComplete") {
        affectedRows = rowCount((message as unknown as { text: string }).text);
      }
    }
    return { rows, fields, affectedRows } as Results;
  }

  const query = client.query.bind(client);
  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (options?.blob) return query(text, params, options); // COPY … FROM/TO '/dev/blob': PGlite's own path
    await internals._checkReady();
    return internals._runExclusiveTransaction(async () => {
      const answer = await run(text, params, options);
      if (!client.isInTransaction()) await client.syncToFs();
      return answer;
    });
  }) as PGlite["query"];

  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      const ownQuery = tx.query;
      tx.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
        if (tx.closed || options?.blob) return ownQuery(text, params, options); // PGlite's own error or path
        return run(text, params, options);
      }) as Transaction["query"];
      return callback(tx);
    })) as PGlite["transaction"];

  return client;
}

function isParameterDescription(message: BackendMessage): message is BackendMessage & { dataTypeIDs: number[] } {
  return message.name === "parameterDescription";
}

function isRowDescription(message: BackendMessage): message is BackendMessage & { fields: Field[] } {
  return message.name === "rowDescription";
}

/** INSERT 0 n, UPDATE n, DELETE n, …: the rows a command changed, as PGlite counts them. */
function rowCount(commandTag: string): number {
  const [command, first, second] = commandTag.split(" ");
  if (command === "INSERT") return Number.parseInt(second as string, 10);
  if (command === "UPDATE" || command === "DELETE" || command === "COPY" || command === "MERGE") {
    return Number.parseInt(first as string, 10);
  }
  return 0;
}

/**
 * A statement PostgreSQL no longer runs as prepared: its result columns changed under it (a migration),
 * or the session dropped it (DEALLOCATE, DISCARD). It is prepared again, at once outside a transaction.
 */
function isStatementGone(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "0A000" || code === "26000";
}

/** What PGlite's own query() adds to a database error, so a log shows the statement that failed. */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof Error && "code" in error) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

function concatenated(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
