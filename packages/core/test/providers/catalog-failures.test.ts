/**
 * A vendor that answers badly never signs anyone in, never makes a user, and never gives a
 * 500: the user is sent back to the sign-in page with `error=OAuthCallbackError` and the reason
 * is logged. Each failure is induced at the local mimic of every vendor it applies to, then
 * each vendor's own error shapes.
 */
import type { EndpointFailure, VendorServer } from "@auth/dev-servers"
import { beforeAll, describe, expect, it } from "vitest"
import { type CatalogEntry, OAUTH_CATALOG, useVendorServer } from "./catalog/index.js"
import { expectRefusedSignIn } from "./catalog/refusal.js"

const server = useVendorServer()
let vendor: VendorServer

beforeAll(() => {
  vendor = server()
})

const HTML_PAGE: EndpointFailure = {
  garbage: "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>",
  status: 200,
  contentType: "text/html",
}

/** Whether the provider reads the profile from an API (not only from the ID token). */
function readsProfileApi(entry: CatalogEntry): boolean {
  return !entry.vendor.oidc || entry.vendor.oidc.userinfo !== undefined
}

const byModule = (entries: readonly CatalogEntry[]) =>
  entries.map((entry) => [entry.module, entry] as const)
const catalog = byModule(OAUTH_CATALOG)
const profileApis = byModule(OAUTH_CATALOG.filter(readsProfileApi))
const idTokenOnly = byModule(OAUTH_CATALOG.filter((entry) => !readsProfileApi(entry)))

/** A JSON body with status 200: how several vendors report errors. */
function okBody(body: unknown): EndpointFailure {
  return { garbage: JSON.stringify(body), status: 200 }
}

function entry(module: string): CatalogEntry {
  const found = OAUTH_CATALOG.find((candidate) => candidate.module === module)
  if (!found) throw new Error(`No catalog entry ${module}`)
  return found
}

describe("the token endpoint answers an OAuth error", () => {
  it.each(catalog)("%s", async (_module, entry) => {
    const errors = await expectRefusedSignIn(vendor, entry, () =>
      vendor.failNext("token", { error: "invalid_grant", error_description: "Code expired." }),
    )
    expect(`${errors[0]?.message} ${JSON.stringify(errors[0]?.cause)}`).toContain("invalid_grant")
  })
})

describe("the token endpoint answers an HTML page", () => {
  it.each(catalog)("%s", async (_module, entry) => {
    await expectRefusedSignIn(vendor, entry, () => vendor.failNext("token", HTML_PAGE))
  })
})

describe("the profile API answers 503", () => {
  it.each(profileApis)("%s", async (_module, entry) => {
    await expectRefusedSignIn(vendor, entry, () =>
      vendor.failNext("resource", { error: "temporarily_unavailable", status: 503 }),
    )
  })
})

describe("the profile API answers an HTML page", () => {
  it.each(profileApis)("%s", async (_module, entry) => {
    await expectRefusedSignIn(vendor, entry, () => vendor.failNext("resource", HTML_PAGE))
  })
})

describe("the profile lacks the field that identifies the user", () => {
  it.each(profileApis)("%s", async (_module, entry) => {
    await expectRefusedSignIn(vendor, entry, () => vendor.failNext("resource", okBody({})))
  })
})

describe("the token response lacks the ID token the profile comes from", () => {
  it.each(idTokenOnly)("%s", async (_module, entry) => {
    await expectRefusedSignIn(vendor, entry, () =>
      vendor.failNext("token", okBody({ access_token: "at", token_type: "bearer" })),
    )
  })
})

describe("each vendor's own error shape", () => {
  const shapes: Array<[string, string, () => void, RegExp]> = [
    [
      "GitHub: an error body with status 200 from the token endpoint",
      "github",
      () => vendor.failNext("token", okBody({ error: "bad_verification_code" })),
      /access_token/,
    ],
    [
      "WeChat: `errcode` with status 200 from the token endpoint",
      "wechat",
      () => vendor.failNext("token", okBody({ errcode: 40029, errmsg: "invalid code" })),
      /wechat_40029/,
    ],
    [
      "WeChat: `errcode` with status 200 from the userinfo endpoint",
      "wechat",
      () => vendor.failNext("resource", okBody({ errcode: 40003, errmsg: "invalid openid" })),
      /invalid openid/,
    ],
    [
      "VK: an `error` object with status 200 from users.get",
      "vk",
      () =>
        vendor.failNext(
          "resource",
          okBody({ error: { error_code: 5, error_msg: "User authorization failed" } }),
        ),
      /User authorization failed/,
    ],
    [
      "Twitch: `{ status, message }` from the token endpoint",
      "twitch",
      () =>
        vendor.failNext("token", {
          garbage: JSON.stringify({ status: 400, message: "Invalid authorization code" }),
          status: 400,
        }),
      /invalid_request/,
    ],
    [
      "Notion: a bot owned by a workspace, not a user",
      "notion",
      () =>
        vendor.failNext(
          "resource",
          okBody({
            object: "user",
            type: "bot",
            bot: { owner: { type: "workspace", workspace: true } },
          }),
        ),
      /not owned by a user/,
    ],
    [
      "Entra ID: an error body from the token endpoint",
      "microsoft-entra-id",
      () => vendor.failNext("token", { error: "invalid_grant", error_description: "AADSTS70008" }),
      /invalid_grant/,
    ],
  ]

  it.each(shapes)("%s", async (_label, module, induce, reason) => {
    const errors = await expectRefusedSignIn(vendor, entry(module), induce)
    const logged = errors.map((error) => `${error.message} ${JSON.stringify(error.cause)}`)
    const chain = errors.flatMap((error) => {
      const cause = error.cause as { err?: Error } | undefined
      return cause?.err ? [cause.err.message] : []
    })
    expect([...logged, ...chain].join(" ")).toMatch(reason)
  })
})
