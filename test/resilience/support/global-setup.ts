import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where every process of the resilience run writes its log lines, for the secrets scan. */
    resilienceLogDir: string;
  }
}

/**
 * One folder for the whole run's log output: in-process loggers at debug and every child
 * process's stdout and stderr land here, and the last scenario scans it for secrets.
 * Set KEEP_RESILIENCE_LOGS=1 to keep it after the run.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'club-bot-resilience-logs-'));
  project.provide('resilienceLogDir', dir);
  return () => {
    if (process.env.KEEP_RESILIENCE_LOGS) console.log(`resilience logs kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  };
}
