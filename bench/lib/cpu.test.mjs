import { describe, expect, it } from "vitest";
import { cpuSeconds } from "./cpu.mjs";

describe("cpuSeconds", () => {
  it("grows with the CPU a process spends", () => {
    const before = cpuSeconds(process.pid);
    const until = performance.now() + 120;
    while (performance.now() < until) {
      // busy: the process's own CPU time must move
    }
    expect(cpuSeconds(process.pid) - before).toBeGreaterThanOrEqual(0.05);
  });

  it("is null for a process that is not there", () => {
    expect(cpuSeconds(2 ** 22 + 1)).toBeNull();
  });
});
