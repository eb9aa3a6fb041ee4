/**
 * `concurrency` callers, each calling again as soon as its last call answered (as a load generator's connections
 * do), for `seconds`: calls a second, failed calls, and this process's CPU time a call. The summary has the shape
 * compare.mjs's runs have, so an in-process baseline interleaves with an HTTP load like a server does.
 */
export async function closedLoop(call, { seconds, concurrency }) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let answered = 0;
  let failures = 0;
  let firstError;
  const caller = async () => {
    while (performance.now() < deadline) {
      try {
        await call();
        answered++;
      } catch (error) {
        failures++;
        firstError ??= String(error?.message ?? error).slice(0, 300);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  const elapsedSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    requestsPerSecond: answered / elapsedSeconds,
    answered,
    failures,
    cpuMicrosPerAnswer: answered > 0 ? (cpu.user + cpu.system) / answered : null,
    ...(firstError && { firstError }),
  };
}
