/**
 * The sign-in page's WebAuthn script logic, with fake forms and a fake `@simplewebauthn/browser`
 * (the DOM glue is `webauthn-form.browser.ts`; the bundle is checked in
 * `webauthn-script.test.ts`).
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser"
import { describe, expect, it, vi } from "vitest"
import {
  setUpWebAuthnForms,
  submitWithPasskey,
  WEBAUTHN_FORM_MESSAGES,
  type WebAuthnFormView,
  type WebAuthnPageEnvironment,
} from "./webauthn-form.js"

const OPTIONS_URL = "https://app.test/auth/webauthn-options/passkey"
const AUTHENTICATE = { action: "authenticate", options: { challenge: "Y2hhbGxlbmdl" } }
const REGISTER = {
  action: "register",
  options: {
    challenge: "Y2hhbGxlbmdl",
    rp: { name: "app.test", id: "app.test" },
    user: { id: "dXNlcg", name: "new@example.test", displayName: "new@example.test" },
    pubKeyCredParams: [{ type: "public-key", alg: -7 }],
  } satisfies PublicKeyCredentialCreationOptionsJSON,
}
const ASSERTION = { id: "cred-1", type: "public-key" } as AuthenticationResponseJSON
const ATTESTATION = { id: "cred-2", type: "public-key" } as RegistrationResponseJSON

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** A form of the page: records what the script did to it. */
function fakeForm(options: Partial<Pick<WebAuthnFormView, "optionsUrl" | "conditionalUI">> = {}) {
  const state = {
    hidden: false,
    error: undefined as string | undefined,
    posted: [] as { action: string; data: unknown }[],
    fields: [{ name: "email", value: "ada@example.test", required: true }],
    onSubmit: undefined as (() => void) | undefined,
  }
  // Settles when the script is done with a submit: it posted the form or showed an error.
  let settled = deferred<void>()
  const view: WebAuthnFormView = {
    optionsUrl: OPTIONS_URL,
    conditionalUI: false,
    ...options,
    fields: () => state.fields,
    interceptSubmit: (handler) => {
      state.onSubmit = handler
    },
    hide: () => {
      state.hidden = true
    },
    showError: (message) => {
      state.error = message
      if (message !== undefined) settled.resolve()
    },
    submit: (action, data) => {
      state.posted.push({ action, data: JSON.parse(data) })
      settled.resolve()
    },
  }
  /** Submits the form as the user would, and waits until the script is done with it. */
  const userSubmits = async () => {
    settled = deferred<void>()
    state.onSubmit?.()
    await settled.promise
  }
  return { view, state, userSubmits, next: () => settled.promise }
}

/** A browser with WebAuthn and conditional UI, and a server answering `answers` by URL. */
function fakeEnvironment(answers: Record<string, unknown> = {}) {
  const requested: string[] = []
  const env = {
    browserSupportsWebAuthn: vi.fn(() => true),
    browserSupportsWebAuthnAutofill: vi.fn(async () => true),
    startAuthentication: vi.fn(
      async (_: Parameters<WebAuthnPageEnvironment["startAuthentication"]>[0]) => ASSERTION,
    ),
    startRegistration: vi.fn(
      async (_: Parameters<WebAuthnPageEnvironment["startRegistration"]>[0]) => ATTESTATION,
    ),
    getJson: vi.fn(async (url: string) => {
      requested.push(url)
      return url in answers ? answers[url] : AUTHENTICATE
    }),
    logger: { error: vi.fn() },
  } satisfies WebAuthnPageEnvironment
  return { env, requested }
}

const domException = (name: string) => new DOMException(`${name} from the authenticator`, name)

describe("submitWithPasskey", () => {
  it("asks for options with the fields, authenticates, and posts the form", async () => {
    const { view, state } = fakeForm()
    const { env, requested } = fakeEnvironment()

    expect(await submitWithPasskey(view, env)).toBe(true)

    expect(requested).toEqual([`${OPTIONS_URL}?email=ada%40example.test`])
    expect(env.startAuthentication).toHaveBeenCalledWith({ optionsJSON: AUTHENTICATE.options })
    expect(state.posted).toEqual([{ action: "authenticate", data: ASSERTION }])
    expect(state.error).toBeUndefined()
  })

  it("registers when the server says so", async () => {
    const { view, state } = fakeForm()
    const { env } = fakeEnvironment({ [`${OPTIONS_URL}?email=ada%40example.test`]: REGISTER })

    expect(await submitWithPasskey(view, env)).toBe(true)

    expect(env.startRegistration).toHaveBeenCalledWith({ optionsJSON: REGISTER.options })
    expect(state.posted).toEqual([{ action: "register", data: ATTESTATION }])
  })

  it("does not register with a required field left empty", async () => {
    const { view, state } = fakeForm()
    state.fields = [{ name: "email", value: "", required: true }]
    const { env } = fakeEnvironment({ [`${OPTIONS_URL}?email=`]: REGISTER })

    expect(await submitWithPasskey(view, env)).toBe(false)

    expect(state.error).toBe(WEBAUTHN_FORM_MESSAGES.missingFields)
    expect(env.startRegistration).not.toHaveBeenCalled()
  })

  it.each(["NotAllowedError", "AbortError"])(
    "shows that the prompt was cancelled (%s), without posting or logging",
    async (name) => {
      const { view, state } = fakeForm()
      const { env } = fakeEnvironment()
      env.startAuthentication.mockRejectedValueOnce(domException(name))

      expect(await submitWithPasskey(view, env)).toBe(false)

      expect(state.error).toBe(WEBAUTHN_FORM_MESSAGES.cancelled)
      expect(state.posted).toEqual([])
      expect(env.logger.error).not.toHaveBeenCalled()
    },
  )

  it("shows and logs any other failure of the ceremony", async () => {
    const { view, state } = fakeForm()
    const { env } = fakeEnvironment()
    const failure = domException("SecurityError")
    env.startAuthentication.mockRejectedValueOnce(failure)

    expect(await submitWithPasskey(view, env)).toBe(false)

    expect(state.error).toBe(WEBAUTHN_FORM_MESSAGES.failed)
    expect(env.logger.error).toHaveBeenCalledWith(failure)
  })

  it.each([
    ["no options", undefined],
    ["an unknown action", { action: "other", options: {} }],
    ["no options object", { action: "authenticate" }],
  ])("shows that passkeys are unavailable for %s", async (_, answer) => {
    const { view, state } = fakeForm()
    const { env } = fakeEnvironment({ [`${OPTIONS_URL}?email=ada%40example.test`]: answer })

    expect(await submitWithPasskey(view, env)).toBe(false)

    expect(state.error).toBe(WEBAUTHN_FORM_MESSAGES.unavailable)
    expect(env.startAuthentication).not.toHaveBeenCalled()
  })

  it("logs a failed options request and shows that passkeys are unavailable", async () => {
    const { view, state } = fakeForm()
    const { env } = fakeEnvironment()
    env.getJson.mockRejectedValueOnce(new TypeError("offline"))

    expect(await submitWithPasskey(view, env)).toBe(false)

    expect(state.error).toBe(WEBAUTHN_FORM_MESSAGES.unavailable)
    expect(env.logger.error).toHaveBeenCalledWith(new TypeError("offline"))
  })

  it("clears the previous error when submitted again", async () => {
    const { view } = fakeForm()
    const { env } = fakeEnvironment()
    env.startAuthentication.mockRejectedValueOnce(domException("NotAllowedError"))
    await submitWithPasskey(view, env)
    const errors: (string | undefined)[] = []
    const showError = view.showError
    view.showError = (message) => {
      errors.push(message)
      showError(message)
    }

    expect(await submitWithPasskey(view, env)).toBe(true)

    expect(errors).toEqual([undefined])
  })
})

describe("setUpWebAuthnForms", () => {
  it("hides every form when the browser has no WebAuthn, and asks nothing", () => {
    const forms = [fakeForm({ conditionalUI: true }), fakeForm()]
    const { env } = fakeEnvironment()
    env.browserSupportsWebAuthn.mockReturnValue(false)

    setUpWebAuthnForms(
      forms.map((form) => form.view),
      env,
    )

    expect(forms.map((form) => form.state.hidden)).toEqual([true, true])
    expect(forms.map((form) => form.state.onSubmit)).toEqual([undefined, undefined])
    expect(env.getJson).not.toHaveBeenCalled()
  })

  it("intercepts each form's submit", async () => {
    const first = fakeForm()
    const second = fakeForm({ optionsUrl: "https://app.test/auth/webauthn-options/webauthn" })
    const { env, requested } = fakeEnvironment()

    setUpWebAuthnForms([first.view, second.view], env)
    await second.userSubmits()

    expect(requested).toEqual([
      "https://app.test/auth/webauthn-options/webauthn?email=ada%40example.test",
    ])
    expect(second.state.posted).toEqual([{ action: "authenticate", data: ASSERTION }])
    expect(first.state.posted).toEqual([])
  })

  it("offers the first conditional form's passkeys in autofill, and posts the one picked", async () => {
    const plain = fakeForm()
    const conditional = fakeForm({ conditionalUI: true })
    const other = fakeForm({ conditionalUI: true, optionsUrl: `${OPTIONS_URL}-2` })
    const { env, requested } = fakeEnvironment()

    setUpWebAuthnForms([plain.view, conditional.view, other.view], env)
    await conditional.next()

    expect(requested).toEqual([`${OPTIONS_URL}?action=authenticate`])
    expect(env.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: AUTHENTICATE.options,
      useBrowserAutofill: true,
    })
    expect(conditional.state.posted).toEqual([{ action: "authenticate", data: ASSERTION }])
  })

  it("starts no autofill where the browser has no conditional UI", async () => {
    const form = fakeForm({ conditionalUI: true })
    const { env, requested } = fakeEnvironment()
    const asked = deferred<boolean>()
    env.browserSupportsWebAuthnAutofill.mockImplementation(() => {
      asked.resolve(false)
      return asked.promise
    })

    setUpWebAuthnForms([form.view], env)
    await asked.promise
    await form.userSubmits()

    expect(requested).toEqual([`${OPTIONS_URL}?email=ada%40example.test`])
  })

  it("lets a submit abort the autofill silently, then offers autofill again after a cancel", async () => {
    const form = fakeForm({ conditionalUI: true })
    const { env, requested } = fakeEnvironment()
    const autofills: ReturnType<typeof deferred<AuthenticationResponseJSON>>[] = []
    const autofillStarted = [deferred<void>(), deferred<void>()]
    env.startAuthentication.mockImplementation(async ({ useBrowserAutofill }) => {
      if (!useBrowserAutofill) throw domException("NotAllowedError")
      const ceremony = deferred<AuthenticationResponseJSON>()
      autofillStarted[autofills.length]?.resolve()
      autofills.push(ceremony)
      return ceremony.promise
    })

    setUpWebAuthnForms([form.view], env)
    await autofillStarted[0]?.promise
    await form.userSubmits()
    // What @simplewebauthn/browser does to the waiting autofill ceremony when another starts.
    autofills[0]?.reject(domException("AbortError"))
    await autofillStarted[1]?.promise

    expect(form.state.error).toBe(WEBAUTHN_FORM_MESSAGES.cancelled)
    expect(requested).toEqual([
      `${OPTIONS_URL}?action=authenticate`,
      `${OPTIONS_URL}?email=ada%40example.test`,
      `${OPTIONS_URL}?action=authenticate`,
    ])
    expect(env.logger.error).not.toHaveBeenCalled()
  })

  it("starts no autofill whose options arrive after a submit started its ceremony", async () => {
    const form = fakeForm({ conditionalUI: true })
    const { env, requested } = fakeEnvironment()
    const autofillOptions = deferred<unknown>()
    env.getJson.mockImplementation(async (url) => {
      requested.push(url)
      if (url.endsWith("?action=authenticate")) return autofillOptions.promise
      return REGISTER
    })
    const registration = deferred<RegistrationResponseJSON>()
    env.startRegistration.mockImplementation(async () => registration.promise)

    setUpWebAuthnForms([form.view], env)
    const submitted = form.userSubmits()
    await vi.waitFor(() => expect(env.startRegistration).toHaveBeenCalled())
    // The autofill's options come back while the registration prompt is open: starting the
    // autofill ceremony now would abort the registration.
    autofillOptions.resolve(AUTHENTICATE)
    await autofillOptions.promise
    registration.resolve(ATTESTATION)
    await submitted

    expect(env.startAuthentication).not.toHaveBeenCalled()
    expect(form.state.posted).toEqual([{ action: "register", data: ATTESTATION }])
  })

  it("runs one ceremony at a time: a second submit while the first runs does nothing", async () => {
    const form = fakeForm()
    const { env, requested } = fakeEnvironment()
    const options = deferred<unknown>()
    env.getJson.mockImplementationOnce(async (url) => {
      requested.push(url)
      return options.promise
    })

    setUpWebAuthnForms([form.view], env)
    const first = form.userSubmits()
    form.state.onSubmit?.()
    options.resolve(AUTHENTICATE)
    await first

    expect(requested).toHaveLength(1)
    expect(form.state.posted).toHaveLength(1)
  })
})
