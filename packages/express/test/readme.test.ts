/**
 * The README's TypeScript examples compile as written, against the package's sources and the
 * Express types, with the package's own compiler options: a user who copies one gets no error.
 */
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { describe, expect, it } from "vitest"

const packageDir = fileURLToPath(new URL("..", import.meta.url))
const readme = ts.sys.readFile(`${packageDir}README.md`) ?? ""

/** The ```ts code blocks of a Markdown document, in order. */
function typeScriptBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? "")
}

/** The package's compiler options, with `@auth/express` resolved to its sources. */
function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    `${packageDir}tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))
      },
    },
  )
  if (!parsed) throw new Error("tsconfig.json could not be read")
  return {
    ...parsed.options,
    noEmit: true,
    paths: {
      "@auth/express": [`${packageDir}src/index.ts`],
      "@auth/express/*": [`${packageDir}src/*.ts`],
    },
  }
}

/**
 * Type-checks source files that exist only in memory (placed in `test/`, so modules resolve as
 * for the package's own files) and returns their errors as `file:line: message`.
 */
function typeErrors(files: Record<string, string>): string[] {
  const options = compilerOptions()
  const host = ts.createCompilerHost(options)
  const paths = Object.fromEntries(
    Object.entries(files).map(([name, text]) => [`${packageDir}test/${name}`, text]),
  )
  const { getSourceFile, fileExists, readFile } = host
  host.fileExists = (file) => file in paths || fileExists.call(host, file)
  host.readFile = (file) => paths[file] ?? readFile.call(host, file)
  host.getSourceFile = (file, language, ...rest) => {
    const text = paths[file]
    return text === undefined
      ? getSourceFile.call(host, file, language, ...rest)
      : ts.createSourceFile(file, text, language, true)
  }
  const program = ts.createProgram(Object.keys(paths), options, host)
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file && diagnostic.file.fileName in paths)
    .map((diagnostic) => {
      const file = diagnostic.file as ts.SourceFile
      const { line } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0)
      const name = file.fileName.slice(`${packageDir}test/`.length)
      return `${name}:${line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`
    })
}

/** Uses of the public types that must, and must not, compile. */
const TYPE_USES = `
import { authSession, type ExpressAuthConfig, getSession, requireAuth, type Session } from "@auth/express"
import Credentials from "@auth/express/providers/credentials"
import express from "express"

const config: ExpressAuthConfig = { providers: [] }
const app = express()
app.use(authSession(config))

app.get("/anywhere", async (req, res) => {
  const fromLocals: Session | null = res.locals.session
  const direct: Session | null = await getSession(req, config)
  // @ts-expect-error: may be null on a route without requireAuth
  res.send(res.locals.session.expires)
  res.json({ fromLocals, direct })
})

app.get("/private", requireAuth(config), (_req, res) => {
  const session: Session = res.locals.session
  res.json(session)
})

Credentials({
  authorize({ password }) {
    // @ts-expect-error: submitted fields are unknown until narrowed
    const text: string = password
    return text ? null : null
  },
})
`

describe("the README", () => {
  const blocks = typeScriptBlocks(readme)

  it("has TypeScript examples", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3)
  })

  it("examples type-check as written", () => {
    const files = Object.fromEntries(
      blocks.map((block, index) => [`readme-${index + 1}.ts`, block]),
    )
    expect(typeErrors(files)).toEqual([])
  })

  it("typing of res.locals.session and authorize holds (and the checks can fail)", () => {
    expect(typeErrors({ "type-uses.ts": TYPE_USES })).toEqual([])
    const wrong = "import { ExpressAuth } from '@auth/express'\nExpressAuth({ providers: 1 })\n"
    expect(typeErrors({ "wrong.ts": wrong })).toHaveLength(1)
  })
})
