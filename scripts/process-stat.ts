// What Linux's /proc says of a process: its stat fields and the CPU time they count. The benches read it per
// request (bench/support.ts); the page measurements wait with it for the demo server to go quiet
// (scripts/measured-app.ts).
import { readFileSync } from "node:fs";

/**
 * The fields of /proc/<pid>/stat after the command's name (Linux only); undefined for a process gone or unreadable.
 * With `thread`, those of that thread of the process (/proc/<pid>/task/<tid>/stat).
 */
export function procStat(pid: number, thread?: number): string[] | undefined {
  try {
    const stat = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/**
 * CPU time (user + system, ms) each process has used so far, from /proc (Linux only; a process that is gone
 * or unreadable counts 0). Under a busy machine, CPU per request compares builds where req/s is noise.
 */
export function cpuMsOf(pids: readonly number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, cpuMsIn(procStat(pid))]));
}

/** User + system time (ms) in a /proc stat's fields (10 ms a tick); 0 when there are none. */
export function cpuMsIn(fields: string[] | undefined): number {
  return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : 0;
}
