/**
 * What a workload hands the timing harness, apart from the workloads themselves, so that each
 * implementation's runners (`./workloads.ts`, `./better-auth-workloads.ts`) can share it without
 * importing one another.
 */

/** One operation of a workload, ready to repeat. */
export interface Runner {
  /** Runs the operation once; throws when the response is not the expected one. */
  op(): Promise<void>
  /** Checks once, thoroughly, that the operation does what it should. */
  verify(): Promise<void>
  /** Releases what the runner holds (a Redis connection, a PostgreSQL schema), when it holds anything. */
  close?(): Promise<void>
}
