/**
 * Which credentials fields the sign-in page keeps across a failed attempt, and the inline script
 * that keeps them, run against a small fake of the DOM and `sessionStorage` (the browser test is
 * the e2e spec `credentials.spec.ts`).
 */
import { describe, expect, it } from "vitest"
import { KEEP_FIELDS_SCRIPT, KEPT_FIELDS_STORAGE_KEY, keptFieldNames } from "./keep-fields.js"

describe("keptFieldNames", () => {
  it("keeps text, e-mail and phone fields, never passwords, codes or other types", () => {
    expect(
      keptFieldNames({
        username: { label: "Username" },
        email: { type: "email", autocomplete: "username" },
        phone: { type: "tel" },
        password: { type: "password" },
        otp: { autocomplete: "one-time-code" },
        pin: { type: "text", autocomplete: "current-password" },
        card: { autocomplete: "cc-number" },
        age: { type: "number" },
        secret: { type: "hidden" },
      }),
    ).toEqual(["username", "email", "phone"])
    expect(keptFieldNames(undefined)).toEqual([])
  })
})

interface FakeInput {
  name: string
  type: string
  value: string
  focused: boolean
  focus(): void
}

function input(name: string, type = "text", value = ""): FakeInput {
  return {
    name,
    type,
    value,
    focused: false,
    focus() {
      this.focused = true
    },
  }
}

/** A form as the script sees it: attributes, `elements.namedItem`, inputs, submit listeners. */
function form(action: string, inputs: FakeInput[], attributes: Record<string, string>) {
  const listeners: (() => void)[] = []
  const all: Record<string, string> = { action, ...attributes }
  return {
    inputs,
    submit: () => {
      for (const listener of listeners) listener()
    },
    getAttribute: (name: string) => all[name] ?? null,
    hasAttribute: (name: string) => name in all,
    elements: { namedItem: (name: string) => inputs.find((i) => i.name === name) ?? null },
    querySelectorAll: (selector: string) => {
      expect(selector).toBe("input:not([type=hidden])")
      return inputs.filter((i) => i.type !== "hidden")
    },
    addEventListener: (type: string, listener: () => void) => {
      expect(type).toBe("submit")
      listeners.push(listener)
    },
  }
}

type FakeForm = ReturnType<typeof form>

function storage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

/** Runs the script on a page made of `forms`. */
function runScript(forms: FakeForm[], sessionStorage: ReturnType<typeof storage>): void {
  const document = {
    querySelectorAll: (selector: string) => {
      expect(selector).toBe("form[data-keep-fields]")
      return forms.filter((f) => f.hasAttribute("data-keep-fields"))
    },
  }
  new Function("document", "sessionStorage", KEEP_FIELDS_SCRIPT)(document, sessionStorage)
}

const ACTION = "https://app.test/auth/callback/credentials"
const KEEP = { "data-keep-fields": '["email"]' }

function credentialsForm(attributes: Record<string, string>, email = "", password = "") {
  return form(
    ACTION,
    [
      input("csrfToken", "hidden", "t"),
      input("email", "email", email),
      input("password", "password", password),
    ],
    attributes,
  )
}

describe("KEEP_FIELDS_SCRIPT", () => {
  it("stores the kept fields on submit, never the password, and restores them on the error page", () => {
    const session = storage()
    const first = credentialsForm(KEEP, "ada@example.test", "wrong")
    runScript([first], session)
    first.submit()
    expect(JSON.parse(session.items.get(KEPT_FIELDS_STORAGE_KEY) ?? "")).toEqual({
      form: ACTION,
      values: { email: "ada@example.test" },
    })

    const retry = credentialsForm({ ...KEEP, "data-restore-fields": "" })
    runScript([retry], session)
    const [, email, password] = retry.inputs
    expect(email?.value).toBe("ada@example.test")
    expect(password?.value).toBe("")
    // Focus goes where the user types next.
    expect(password?.focused).toBe(true)
    expect(email?.focused).toBe(false)
    // Taken out: a later page of the tab gets nothing.
    expect(session.items.has(KEPT_FIELDS_STORAGE_KEY)).toBe(false)
  })

  it("restores nothing on a page without an error, and forgets the values there", () => {
    const session = storage()
    session.setItem(
      KEPT_FIELDS_STORAGE_KEY,
      JSON.stringify({ form: ACTION, values: { email: "ada@example.test" } }),
    )
    const page = credentialsForm(KEEP)
    runScript([page], session)
    expect(page.inputs[1]?.value).toBe("")
    expect(session.items.has(KEPT_FIELDS_STORAGE_KEY)).toBe(false)
  })

  it("restores only into the form the values came from, and never over what is there", () => {
    const session = storage()
    const stored = JSON.stringify({
      form: `${ACTION}-other`,
      values: { email: "ada@example.test" },
    })
    session.setItem(KEPT_FIELDS_STORAGE_KEY, stored)
    const other = credentialsForm({ ...KEEP, "data-restore-fields": "" })
    runScript([other], session)
    expect(other.inputs[1]?.value).toBe("")

    session.setItem(
      KEPT_FIELDS_STORAGE_KEY,
      JSON.stringify({ form: ACTION, values: { email: "ada@example.test" } }),
    )
    const filled = credentialsForm({ ...KEEP, "data-restore-fields": "" }, "typed@example.test")
    runScript([filled], session)
    expect(filled.inputs[1]?.value).toBe("typed@example.test")
  })

  it("survives storage that throws (disabled or full) and garbage in it", () => {
    const broken = {
      ...storage(),
      getItem: () => {
        throw new Error("denied")
      },
      setItem: () => {
        throw new Error("quota")
      },
    }
    const page = credentialsForm({ ...KEEP, "data-restore-fields": "" }, "ada@example.test")
    expect(() => runScript([page], broken)).not.toThrow()
    expect(() => page.submit()).not.toThrow()

    const garbage = storage()
    garbage.setItem(KEPT_FIELDS_STORAGE_KEY, "{not json")
    expect(() => runScript([credentialsForm(KEEP)], garbage)).not.toThrow()
  })
})
