import { describe, expect, it } from "vitest";
import { cpuSeconds } from "./cpu.mjs";

describe("cpuSeconds", () => {
  it("grows with the CPU a process spends, as Node's own accounting counts it", () => {
    const before = cpuSeconds(process.pid);
    const start = process.cpuUsage();
    const spentMicros = () => {
      const used = process.cpuUsage(start);
      return used.user + used.system;
    };
    // Busy until this process has had 150 ms of CPU, however long a loaded machine takes to give it (10 s at most).
    const giveUpAt = performance.now() + 10_000;
    while (spentMicros() < 150_000 && performance.now() < giveUpAt) {
      // busy: the process's own CPU time must move
    }
    expect(spentMicros()).toBeGreaterThanOrEqual(150_000);
    expect(cpuSeconds(process.pid) - before).toBeGreaterThanOrEqual(0.1);
  });

  it("is null for a process that is not there", () => {
    expect(cpuSeconds(2 ** 22 + 1)).toBeNull();
  });
});
