/**
 * The shared suites (the adapter contract, core's e-mail sign-in and database-session flows) on
 * each published adapter with the tables its docs create, as they are. Some of their tests
 * fail there for reasons of the adapter's own (known-deviations.ts), and the suites have no
 * way to declare that, so they run in a vitest of their own (test/documented/) and this file
 * checks its report: every test passes except exactly the declared deviations, each failing
 * the way it says.
 */
import { execFile } from "node:child_process"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { promisify } from "node:util"
import { beforeAll, describe, expect, it } from "vitest"
import { scaled } from "../../../scripts/test-timeouts.mjs"
import { documentedTargets } from "./adapters.js"
import { KNOWN_DEVIATIONS, type SuiteName } from "./documented/known-deviations.js"

const PACKAGE_DIR = dirname(import.meta.dirname)
const NESTED_CONFIG = join(import.meta.dirname, "documented", "vitest.config.ts")

/** The file of test/documented/ that registers each suite. */
const SUITE_FILES: Record<SuiteName, string> = {
  "adapter contract": "contract.run.ts",
  "e-mail sign-in": "email.run.ts",
  "database sessions": "database-session.run.ts",
}

/** One test of the nested run, as its JSON report gives it. */
interface ReportedTest {
  file: string
  /** The target's `describe`, then the suite's own groups. */
  ancestorTitles: string[]
  title: string
  status: "passed" | "failed" | "skipped" | "pending" | "todo" | "disabled"
  failureMessages: string[]
}

interface JsonReport {
  testResults: Array<{
    name: string
    /** Why a file failed without running its tests (an import error, a failed hook). */
    message: string
    assertionResults: Omit<ReportedTest, "file">[]
  }>
}

/** Runs the suites of test/documented/ in a vitest of their own and returns every test. */
async function runNestedSuites(): Promise<ReportedTest[]> {
  const dir = await mkdtemp(join(tmpdir(), "published-adapters-"))
  const output = join(dir, "report.json")
  const vitest = join(
    dirname(createRequire(import.meta.url).resolve("vitest/package.json")),
    "vitest.mjs",
  )
  // Not this worker's own variables: the nested vitest is a run of its own.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")),
  )
  try {
    const run = promisify(execFile)(
      process.execPath,
      [vitest, "run", "--config", NESTED_CONFIG, "--reporter=json", `--outputFile=${output}`],
      { cwd: PACKAGE_DIR, env, maxBuffer: 64 * 1024 * 1024 },
    )
    // Declared deviations fail, so the run exits non-zero: its report is what is checked.
    const stderr = await run.then(
      () => "",
      (error: { stderr?: string }) => error.stderr ?? "",
    )
    const report = JSON.parse(
      await readFile(output, "utf8").catch(() => {
        throw new Error(`The nested vitest run wrote no report:\n${stderr}`)
      }),
    ) as JsonReport
    const broken = report.testResults.filter((file) => file.assertionResults.length === 0)
    if (broken.length > 0) {
      const reasons = broken.map((file) => `${file.name}: ${file.message}`)
      throw new Error(`Suites of the nested vitest run did not run:\n${reasons.join("\n")}`)
    }
    return report.testResults.flatMap((file) =>
      file.assertionResults.map((test) => ({ ...test, file: file.name })),
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The title of `test` below its target's and its suite's `describe` blocks. */
function titleInSuite(test: ReportedTest): string {
  return [...test.ancestorTitles.slice(2), test.title].join(" > ")
}

let reported: ReportedTest[] = []

beforeAll(async () => {
  reported = await runNestedSuites()
}, scaled(240_000))

for (const target of documentedTargets) {
  describe.skipIf(target.skip)(target.name, () => {
    for (const [suite, file] of Object.entries(SUITE_FILES) as Array<[SuiteName, string]>) {
      it(`${suite}: every test passes but the declared deviations, which fail as declared`, () => {
        const tests = reported.filter(
          (test) => test.file.endsWith(`/${file}`) && test.ancestorTitles[0] === target.name,
        )
        expect(tests.length, `no ${suite} test ran on ${target.name}`).toBeGreaterThan(10)
        expect(tests.filter((test) => !["passed", "failed"].includes(test.status))).toEqual([])

        const declared = KNOWN_DEVIATIONS[target.adapter].filter((entry) => entry.suite === suite)
        const failed = tests.filter((test) => test.status === "failed")
        expect(failed.map(titleInSuite).sort()).toEqual(declared.map((entry) => entry.test).sort())
        for (const deviation of declared) {
          const failure = failed.find((test) => titleInSuite(test) === deviation.test)
          expect(failure?.failureMessages.join("\n"), deviation.because).toMatch(deviation.failure)
        }
      })
    }
  })
}
