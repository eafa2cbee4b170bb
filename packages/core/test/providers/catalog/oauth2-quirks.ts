/**
 * Catalog entries of the OAuth 2 vendors that bend the protocol: the server's own URL as
 * issuer, profiles read with a POST or with the token in the query or the path, token responses
 * without `token_type`, token requests that are not RFC 6749's.
 */
import type { VendorGrant } from "@auth/dev-servers"
import AzureDevOps from "../../../src/providers/azure-devops.js"
import BoxyHQSAML from "../../../src/providers/boxyhq-saml.js"
import Bungie from "../../../src/providers/bungie.js"
import Dropbox from "../../../src/providers/dropbox.js"
import Facebook from "../../../src/providers/facebook.js"
import Foursquare from "../../../src/providers/foursquare.js"
import GitHub from "../../../src/providers/github.js"
import HubSpot from "../../../src/providers/hubspot.js"
import Instagram from "../../../src/providers/instagram.js"
import Mailchimp from "../../../src/providers/mailchimp.js"
import Mastodon from "../../../src/providers/mastodon.js"
import Mattermost from "../../../src/providers/mattermost.js"
import NetSuite from "../../../src/providers/netsuite.js"
import Nextcloud from "../../../src/providers/nextcloud.js"
import Notion from "../../../src/providers/notion.js"
import Osso from "../../../src/providers/osso.js"
import Threads from "../../../src/providers/threads.js"
import TikTok from "../../../src/providers/tiktok.js"
import Todoist from "../../../src/providers/todoist.js"
import Trakt from "../../../src/providers/trakt.js"
import VK from "../../../src/providers/vk.js"
import Webex from "../../../src/providers/webex.js"
import WeChat from "../../../src/providers/wechat.js"
import WorkOS from "../../../src/providers/workos.js"
import { type CatalogEntry, oauth2 } from "./types.js"

/** A token response without `token_type`, as several vendors send it. */
function untyped(extra: Record<string, unknown> = {}) {
  return ({ accessToken }: VendorGrant) => ({ access_token: accessToken, ...extra })
}

const GITHUB_USER = {
  login: "octocat",
  id: 1,
  name: "The Octocat",
  email: null,
  avatar_url: "https://github.com/images/error/octocat_happy.gif",
}

const DROPBOX_ACCOUNT = {
  account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
  name: { display_name: "Franz Ferdinand (Personal)", given_name: "Franz" },
  email: "franz@dropbox.test",
  email_verified: true,
  profile_photo_url:
    "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA",
}

const FOURSQUARE_USER = {
  id: "1234",
  firstName: "Four",
  lastName: "Square",
  contact: { email: "four@square.test" },
  photo: { prefix: "https://fastly.4sqi.net/img/user/", suffix: "/1234.jpg" },
}

const THREADS_USER = {
  id: "1234567",
  username: "threadsapitestuser",
  threads_profile_picture_url: "https://scontent.cdninstagram.com/v/t51.2885-19/1.jpg",
}

const NEXTCLOUD_USER = {
  id: "alice",
  email: "alice@cloud.example.test",
  displayname: "Alice",
}

const NOTION_USER = {
  object: "user",
  id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
  type: "person",
  name: "Avo Cado",
  avatar_url: "https://secure.notion-static.com/e6a352a8-8381-44d0-a1dc-9ed80e62b53d.jpg",
  person: { email: "avo@example.test" },
}

const VK_USER = {
  id: 210700286,
  first_name: "Lindsey",
  last_name: "Stirling",
  photo_100: "https://sun1.userapi.com/impf/c636821/v636821286/38a75/Ay-bEZoJZw8.jpg",
  can_access_closed: true,
  is_closed: false,
}

const WECHAT_USER = {
  openid: "oLVPpjqs9BhvzwPj5A-vTYAX3GLc",
  nickname: "微信用户",
  sex: 1,
  province: "广东",
  city: "深圳",
  country: "中国",
  headimgurl:
    "https://thirdwx.qlogo.cn/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vxLSUfpb6n5WKSYVY0ChQKkiaJSgQ1dZuTOgvLLrhJbERQQ4eMsv84eavHiaiceqxibJxCfHe/46",
  privilege: [],
  unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
}

export const OAUTH2_QUIRKS: CatalogEntry[] = [
  oauth2({
    module: "azure-devops",
    factory: AzureDevOps,
    authorization: "https://app.vssps.visualstudio.com/oauth2/authorize",
    token: "https://app.vssps.visualstudio.com/oauth2/token",
    userinfo: "https://app.vssps.visualstudio.com/_apis/profile/profiles/me",
    vendor: {
      responseType: "Assertion",
      readTokenRequest: ({ form }) => ({
        code: form.get("assertion"),
        clientSecret: form.get("client_assertion"),
        redirectUri: form.get("redirect_uri"),
        grantType:
          form.get("client_assertion_type") ===
            "urn:ietf:params:oauth:client-assertion-type:jwt-bearer" &&
          form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer"
            ? "authorization_code"
            : null,
      }),
      tokenResponse: ({ accessToken }) => ({
        access_token: accessToken,
        token_type: "jwt-bearer",
        expires_in: "3599",
        refresh_token: "refresh",
      }),
    },
    profile: {
      id: "1f2a7f6c-0c3f-6d5b-9d1a-3c3e5f1c9c1a",
      displayName: "Dev Ops",
      emailAddress: "devops@example.test",
      coreAttributes: { Avatar: { value: { value: "AQID" } } },
    },
    expected: {
      name: "Dev Ops",
      email: "devops@example.test",
      image: "data:image/jpeg;base64,AQID",
    },
  }),
  oauth2({
    module: "boxyhq-saml",
    factory: BoxyHQSAML,
    issuer: "https://jackson.example.test",
    authorization: "https://jackson.example.test/api/oauth/authorize",
    token: "https://jackson.example.test/api/oauth/token",
    userinfo: "https://jackson.example.test/api/oauth/userinfo",
    profile: {
      id: "a1b2c3",
      email: "sam@saml.example.test",
      firstName: "Sam",
      lastName: "Lee",
    },
    expected: { name: "Sam Lee", email: "sam@saml.example.test", image: null },
  }),
  oauth2({
    module: "bungie",
    factory: Bungie,
    options: { headers: { "X-API-Key": "bungie-api-key" } },
    authorization: "https://www.bungie.net/en/OAuth/Authorize",
    token: "https://www.bungie.net/platform/app/oauth/token/",
    userinfo: "https://www.bungie.net/platform/User/GetBungieAccount/4611686018467284386/254/",
    vendor: {
      tokenResponse: ({ accessToken }) => ({
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 3600,
        membership_id: "4611686018467284386",
      }),
    },
    profile: {
      Response: {
        bungieNetUser: {
          membershipId: "4611686018467284386",
          displayName: "Guardian",
          profilePicturePath: "/img/profile/avatars/default_avatar.gif",
        },
      },
      ErrorCode: 1,
    },
    expected: {
      name: "Guardian",
      image: "https://www.bungie.net/img/profile/avatars/default_avatar.gif",
    },
  }),
  oauth2({
    module: "dropbox",
    factory: Dropbox,
    authorization: "https://www.dropbox.com/oauth2/authorize",
    token: "https://api.dropboxapi.com/oauth2/token",
    userinfo: "https://api.dropboxapi.com/2/users/get_current_account",
    vendor: {
      resources: [
        {
          url: "https://api.dropboxapi.com/2/users/get_current_account",
          method: "POST",
          body: DROPBOX_ACCOUNT,
        },
      ],
    },
    profile: DROPBOX_ACCOUNT,
    expected: {
      name: "Franz Ferdinand (Personal)",
      email: "franz@dropbox.test",
      image: DROPBOX_ACCOUNT.profile_photo_url,
    },
  }),
  oauth2({
    module: "facebook",
    factory: Facebook,
    // Auth.js pins Graph API v19.0 (and an unversioned token URL); this provider pins v22.0.
    authorization: "https://www.facebook.com/v22.0/dialog/oauth",
    token: "https://graph.facebook.com/v22.0/oauth/access_token",
    userinfo: "https://graph.facebook.com/v22.0/me",
    profile: {
      id: "10224053402842171",
      name: "Mark Z",
      email: "mark@facebook.test",
      picture: { data: { url: "https://platform-lookaside.fbsbx.com/platform/profilepic/" } },
    },
    expected: {
      name: "Mark Z",
      email: "mark@facebook.test",
      image: "https://platform-lookaside.fbsbx.com/platform/profilepic/",
    },
  }),
  oauth2({
    module: "foursquare",
    factory: Foursquare,
    authorization: "https://foursquare.com/oauth2/authenticate",
    token: "https://foursquare.com/oauth2/access_token",
    userinfo: "https://api.foursquare.com/v2/users/self",
    vendor: {
      tokenResponse: untyped(),
      resources: [
        {
          url: "https://api.foursquare.com/v2/users/self",
          token: { query: "oauth_token" },
          body: () => ({ meta: { code: 200 }, response: { user: FOURSQUARE_USER } }),
        },
      ],
    },
    profile: { response: { user: FOURSQUARE_USER } },
    expected: {
      name: "Four Square",
      email: "four@square.test",
      image: "https://fastly.4sqi.net/img/user/original/1234.jpg",
    },
  }),
  oauth2({
    module: "github",
    factory: GitHub,
    authorization: "https://github.com/login/oauth/authorize",
    token: "https://github.com/login/oauth/access_token",
    userinfo: "https://api.github.com/user",
    profile: { ...GITHUB_USER, email: "octocat@github.test" },
    vendor: {
      resources: [
        { url: "https://api.github.com/user", body: GITHUB_USER },
        {
          url: "https://api.github.com/user/emails",
          body: [
            { email: "octocat@github.test", primary: true, verified: true, visibility: "private" },
          ],
        },
      ],
    },
    expected: {
      name: "The Octocat",
      email: "octocat@github.test",
      image: "https://github.com/images/error/octocat_happy.gif",
    },
  }),
  oauth2({
    module: "hubspot",
    factory: HubSpot,
    authorization: "https://app.hubspot.com/oauth/authorize",
    token: "https://api.hubapi.com/oauth/v1/token",
    userinfo: "https://api.hubapi.com/oauth/v1/access-tokens",
    vendor: {
      clientAuth: "client_secret_post",
      resources: [
        {
          url: "https://api.hubapi.com/oauth/v1/access-tokens",
          token: "path",
          body: { user: "hub@spot.test", user_id: 123, hub_domain: "spot.test", hub_id: 62515 },
        },
      ],
    },
    profile: { user: "hub@spot.test", user_id: 123, hub_domain: "spot.test", hub_id: 62515 },
    expected: { name: "hub@spot.test", email: "hub@spot.test", image: null },
  }),
  oauth2({
    module: "instagram",
    factory: Instagram,
    authorization: "https://api.instagram.com/oauth/authorize",
    token: "https://api.instagram.com/oauth/access_token",
    userinfo: "https://graph.instagram.com/me",
    vendor: {
      clientAuth: "client_secret_post",
      tokenResponse: untyped({ user_id: 17841405793187218 }),
    },
    profile: { id: "17841405793187218", username: "jayposiris", account_type: "PERSONAL" },
    expected: { name: "jayposiris", image: null },
  }),
  oauth2({
    module: "mailchimp",
    factory: Mailchimp,
    authorization: "https://login.mailchimp.com/oauth2/authorize",
    token: "https://login.mailchimp.com/oauth2/token",
    userinfo: "https://login.mailchimp.com/oauth2/metadata",
    vendor: { tokenResponse: untyped({ expires_in: 0, scope: null }) },
    profile: {
      dc: "us1",
      accountname: "Freddie's Jokes",
      login: { email: "freddie@mailchimp.test", login_id: 42, login_name: "freddie" },
    },
    expected: { name: "Freddie's Jokes", email: "freddie@mailchimp.test", image: null },
  }),
  oauth2({
    module: "mastodon",
    factory: Mastodon,
    issuer: "https://mastodon.example.test",
    authorization: "https://mastodon.example.test/oauth/authorize",
    token: "https://mastodon.example.test/oauth/token",
    userinfo: "https://mastodon.example.test/api/v1/accounts/verify_credentials",
    profile: {
      id: "14715",
      username: "trwnh",
      acct: "trwnh",
      avatar_static: "https://files.mastodon.example.test/avatars/trwnh.png",
    },
    expected: {
      name: "trwnh",
      image: "https://files.mastodon.example.test/avatars/trwnh.png",
    },
  }),
  oauth2({
    module: "mattermost",
    factory: Mattermost,
    issuer: "https://chat.example.test",
    authorization: "https://chat.example.test/oauth/authorize",
    token: "https://chat.example.test/oauth/access_token",
    userinfo: "https://chat.example.test/api/v4/users/me",
    vendor: { clientAuth: "client_secret_post" },
    profile: {
      id: "wbowt3qm7fnkmm9n9h1rjzo7ph",
      username: "matter",
      email: "matter@chat.example.test",
      first_name: "Matt",
      last_name: "Ermost",
    },
    expected: { name: "matter", email: "matter@chat.example.test", image: null },
  }),
  oauth2({
    module: "netsuite",
    factory: NetSuite,
    options: {
      accountID: "1234567",
      userinfo:
        "https://1234567.restlets.api.netsuite.com/app/site/hosting/restlet.nl?script=123&deploy=1",
    },
    authorization: "https://1234567.app.netsuite.com/app/login/oauth2/authorize.nl",
    token: "https://1234567.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token",
    userinfo: "https://1234567.restlets.api.netsuite.com/app/site/hosting/restlet.nl",
    profile: { id: 42, name: "Net Suite", email: "net@suite.test", location: 1, role: 3 },
    expected: { name: "Net Suite", email: "net@suite.test", image: null },
  }),
  oauth2({
    module: "nextcloud",
    factory: Nextcloud,
    issuer: "https://cloud.example.test",
    authorization: "https://cloud.example.test/apps/oauth2/authorize",
    token: "https://cloud.example.test/apps/oauth2/api/v1/token",
    userinfo: "https://cloud.example.test/ocs/v1.php/cloud/users/alice",
    vendor: {
      tokenResponse: ({ accessToken }) => ({
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 3600,
        user_id: "alice",
      }),
      resources: [
        {
          url: "https://cloud.example.test/ocs/v1.php/cloud/users/alice",
          body: { ocs: { meta: { status: "ok", statuscode: 100 }, data: NEXTCLOUD_USER } },
        },
      ],
    },
    profile: NEXTCLOUD_USER,
    expected: {
      name: "Alice",
      email: "alice@cloud.example.test",
      image: "https://cloud.example.test/avatar/alice/512",
    },
  }),
  oauth2({
    module: "notion",
    factory: Notion,
    authorization: "https://api.notion.com/v1/oauth/authorize",
    token: "https://api.notion.com/v1/oauth/token",
    userinfo: "https://api.notion.com/v1/users/me",
    vendor: {
      resources: [
        {
          url: "https://api.notion.com/v1/users/me",
          body: {
            object: "user",
            id: "9188c6a5-7381-452f-b3dc-d4865aa89bdf",
            type: "bot",
            bot: { owner: { type: "user", user: NOTION_USER } },
          },
        },
      ],
    },
    profile: NOTION_USER,
    expected: {
      name: "Avo Cado",
      email: "avo@example.test",
      image: "https://secure.notion-static.com/e6a352a8-8381-44d0-a1dc-9ed80e62b53d.jpg",
    },
  }),
  oauth2({
    module: "osso",
    factory: Osso,
    issuer: "https://demo.osso.test/",
    authorization: "https://demo.osso.test/oauth/authorize",
    token: "https://demo.osso.test/oauth/token",
    userinfo: "https://demo.osso.test/oauth/me",
    profile: { id: "6e0c3d18-4ebe-4ec9-9f73-7a0f2f4f0b4e", email: "user@saml.osso.test" },
    expected: { email: "user@saml.osso.test" },
  }),
  oauth2({
    module: "threads",
    factory: Threads,
    authorization: "https://threads.net/oauth/authorize",
    token: "https://graph.threads.net/oauth/access_token",
    userinfo: "https://graph.threads.net/v1.0/me",
    vendor: { clientAuth: "client_secret_post", tokenResponse: untyped({ user_id: 1234567 }) },
    profile: THREADS_USER,
    // Auth.js reads the user from a `data` wrapper that the Threads API does not send.
    referenceProfile: { data: THREADS_USER },
    expected: {
      name: "threadsapitestuser",
      image: "https://scontent.cdninstagram.com/v/t51.2885-19/1.jpg",
    },
  }),
  oauth2({
    module: "tiktok",
    factory: TikTok,
    authorization: "https://www.tiktok.com/v2/auth/authorize",
    token: "https://open.tiktokapis.com/v2/oauth/token/",
    userinfo: "https://open.tiktokapis.com/v2/user/info/",
    vendor: { clientIdParam: "client_key", clientAuth: "client_secret_post" },
    profile: {
      data: {
        user: {
          open_id: "-000ZUlwY9ss2Dp9C9TJNqIjZZEFTjdQeRr4",
          avatar_url: "https://p19-sign.tiktokcdn-us.com/avatar.jpeg",
          display_name: "Tik Toker",
          username: "tiktoker",
        },
      },
      error: { code: "ok", message: "", log_id: "20231102181425A1C4D1E1F8B6B5A3C2D1" },
    },
    expected: {
      name: "Tik Toker",
      image: "https://p19-sign.tiktokcdn-us.com/avatar.jpeg",
    },
  }),
  oauth2({
    module: "todoist",
    factory: Todoist,
    authorization: "https://todoist.com/oauth/authorize",
    token: "https://todoist.com/oauth/access_token",
    userinfo: "https://api.todoist.com/sync/v9/sync",
    vendor: {
      clientAuth: "client_secret_post",
      resources: [
        {
          url: "https://api.todoist.com/sync/v9/sync",
          method: "POST",
          body: {
            sync_token: "TnYUZEpuzf2FMA9qzyY3j4xky6dXiYejmSO85S5paZ_a9y1FI85mBbIWZGpW",
            user: {
              id: "2671355",
              email: "me@todoist.test",
              full_name: "Todo Ist",
              avatar_big: "https://dcff1xvirvpfp.cloudfront.net/big.jpg",
            },
          },
        },
      ],
    },
    profile: {
      id: "2671355",
      email: "me@todoist.test",
      full_name: "Todo Ist",
      avatar_big: "https://dcff1xvirvpfp.cloudfront.net/big.jpg",
    },
    expected: {
      name: "Todo Ist",
      email: "me@todoist.test",
      image: "https://dcff1xvirvpfp.cloudfront.net/big.jpg",
    },
  }),
  oauth2({
    module: "trakt",
    factory: Trakt,
    authorization: "https://trakt.tv/oauth/authorize",
    token: "https://api.trakt.tv/oauth/token",
    userinfo: "https://api.trakt.tv/users/me",
    profile: {
      username: "sean",
      name: "Sean Rudford",
      ids: { slug: "sean" },
      images: {
        avatar: { full: "https://walter.trakt.tv/images/users/000/000/001/avatars/large/cf4.jpg" },
      },
    },
    expected: {
      name: "Sean Rudford",
      image: "https://walter.trakt.tv/images/users/000/000/001/avatars/large/cf4.jpg",
    },
  }),
  oauth2({
    module: "vk",
    factory: VK,
    authorization: "https://oauth.vk.com/authorize",
    token: "https://oauth.vk.com/access_token",
    userinfo: "https://api.vk.com/method/users.get",
    vendor: {
      clientAuth: "client_secret_post",
      tokenResponse: untyped({ expires_in: 86399, user_id: 210700286, email: "lindsey@vk.test" }),
      resources: [{ url: "https://api.vk.com/method/users.get", body: { response: [VK_USER] } }],
    },
    profile: { ...VK_USER, email: "lindsey@vk.test" },
    tokens: { email: "lindsey@vk.test" },
    expected: {
      name: "Lindsey Stirling",
      email: "lindsey@vk.test",
      image: "https://sun1.userapi.com/impf/c636821/v636821286/38a75/Ay-bEZoJZw8.jpg",
    },
  }),
  oauth2({
    module: "webex",
    factory: Webex,
    authorization: "https://webexapis.com/v1/authorize",
    token: "https://webexapis.com/v1/access_token",
    userinfo: "https://webexapis.com/v1/people/me",
    vendor: {
      tokenResponse: untyped({
        expires_in: 1209600,
        refresh_token: "r",
        refresh_token_expires_in: 7776000,
      }),
    },
    profile: {
      id: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9mNWIzNjE4Ny1jOGRkLTQ3MjctOGIyZi1mOWM0NDdmMjkwNDY",
      emails: ["john.andersen@example.test"],
      displayName: "John Andersen",
      avatar:
        "https://1efa7a94ed21783e352-c62266528714497a17239ececf39e9e2.ssl.cf1.rackcdn.com/V1~54c844c89e678e5a7b16a306bc2897b9~wx29yGtlTpilEFlYzqPKag==~1600",
    },
    expected: {
      name: "John Andersen",
      email: "john.andersen@example.test",
      image:
        "https://1efa7a94ed21783e352-c62266528714497a17239ececf39e9e2.ssl.cf1.rackcdn.com/V1~54c844c89e678e5a7b16a306bc2897b9~wx29yGtlTpilEFlYzqPKag==~1600",
    },
  }),
  oauth2({
    module: "wechat",
    factory: WeChat,
    authorization: "https://open.weixin.qq.com/connect/oauth2/authorize",
    token: "https://api.weixin.qq.com/sns/oauth2/access_token",
    userinfo: "https://api.weixin.qq.com/sns/userinfo",
    vendor: {
      clientIdParam: "appid",
      tokenMethod: "GET",
      readTokenRequest: ({ url }) => ({
        code: url.searchParams.get("code"),
        clientId: url.searchParams.get("appid"),
        clientSecret: url.searchParams.get("secret"),
        grantType: url.searchParams.get("grant_type"),
      }),
      tokenResponse: untyped({
        expires_in: 7200,
        refresh_token: "REFRESH_TOKEN",
        openid: WECHAT_USER.openid,
        scope: "snsapi_userinfo",
        unionid: WECHAT_USER.unionid,
      }),
      resources: [
        {
          url: "https://api.weixin.qq.com/sns/userinfo",
          token: { query: "access_token" },
          body: WECHAT_USER,
        },
      ],
    },
    profile: WECHAT_USER,
    expected: { name: "微信用户", image: WECHAT_USER.headimgurl },
  }),
  oauth2({
    module: "workos",
    factory: WorkOS,
    options: { connection: "conn_01E4ZCR3C56J083X43JQXF3JK5" },
    authorization: "https://api.workos.com/sso/authorize",
    token: "https://api.workos.com/sso/token",
    userinfo: "https://api.workos.com/sso/profile",
    vendor: { clientAuth: "client_secret_post", tokenResponse: untyped({ profile: {} }) },
    profile: {
      object: "profile",
      id: "prof_01DMC79VCBZ0NY2099737PSVF1",
      connection_id: "conn_01E4ZCR3C56J083X43JQXF3JK5",
      email: "todd@workos.test",
      first_name: "Todd",
      last_name: "Rundgren",
      raw_attributes: { picture: "https://workos.test/todd.png" },
    },
    expected: {
      name: "Todd Rundgren",
      email: "todd@workos.test",
      image: "https://workos.test/todd.png",
    },
  }),
]
