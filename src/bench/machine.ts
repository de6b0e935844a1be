/** The machine a bench ran on, for the report: a ratio only means something next to where it was taken. */
import fs from 'node:fs';
import os from 'node:os';
import { execFileSync } from 'node:child_process';

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  os: string;
  postgres?: string;
  loadAverageAtStart: number[];
}

export function machineInfo(): MachineInfo {
  let cpuModel = os.cpus()[0]?.model ?? 'unknown';
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpuModel;
  } catch {
    // Not Linux: os.cpus() said what it could.
  }
  let cpus = os.availableParallelism();
  try {
    cpus = Number(execFileSync('nproc', { encoding: 'utf8' }).trim()) || cpus;
  } catch {
    // No nproc: availableParallelism is the same number.
  }
  return {
    cpus,
    cpuModel,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}
