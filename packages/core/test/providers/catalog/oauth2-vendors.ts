/**
 * Catalog entries of the plain OAuth 2 vendors whose profile is one GET with the access token
 * in the `Authorization` header. Sample answers follow each vendor's API reference.
 */
import FortyTwo from "../../../src/providers/42-school.js"
import Atlassian from "../../../src/providers/atlassian.js"
import Bitbucket from "../../../src/providers/bitbucket.js"
import Box from "../../../src/providers/box.js"
import ClickUp from "../../../src/providers/click-up.js"
import Coinbase from "../../../src/providers/coinbase.js"
import Concept2 from "../../../src/providers/concept2.js"
import Discord from "../../../src/providers/discord.js"
import Dribbble from "../../../src/providers/dribbble.js"
import Eventbrite from "../../../src/providers/eventbrite.js"
import EVEOnline from "../../../src/providers/eveonline.js"
import FACEIT from "../../../src/providers/faceit.js"
import Figma from "../../../src/providers/figma.js"
import Freshbooks from "../../../src/providers/freshbooks.js"
import GitLab from "../../../src/providers/gitlab.js"
import Kakao from "../../../src/providers/kakao.js"
import Mailru from "../../../src/providers/mailru.js"
import Medium from "../../../src/providers/medium.js"
import Naver from "../../../src/providers/naver.js"
import Netlify from "../../../src/providers/netlify.js"
import Osu from "../../../src/providers/osu.js"
import Patreon from "../../../src/providers/patreon.js"
import Pinterest from "../../../src/providers/pinterest.js"
import Pipedrive from "../../../src/providers/pipedrive.js"
import Reddit from "../../../src/providers/reddit.js"
import Spotify from "../../../src/providers/spotify.js"
import Strava from "../../../src/providers/strava.js"
import Twitter from "../../../src/providers/twitter.js"
import Wikimedia from "../../../src/providers/wikimedia.js"
import WordPress from "../../../src/providers/wordpress.js"
import Yandex from "../../../src/providers/yandex.js"
import Zoho from "../../../src/providers/zoho.js"
import Zoom from "../../../src/providers/zoom.js"
import { type CatalogEntry, oauth2 } from "./types.js"

export const OAUTH2_VENDORS: CatalogEntry[] = [
  oauth2({
    module: "42-school",
    factory: FortyTwo,
    authorization: "https://api.intra.42.fr/oauth/authorize",
    token: "https://api.intra.42.fr/oauth/token",
    userinfo: "https://api.intra.42.fr/v2/me",
    profile: {
      id: 123456,
      email: "norminet@student.42.fr",
      login: "norminet",
      usual_full_name: "Norminet Cat",
      image: { link: "https://cdn.intra.42.fr/users/norminet.jpg", versions: {} },
    },
    expected: {
      name: "Norminet Cat",
      email: "norminet@student.42.fr",
      image: "https://cdn.intra.42.fr/users/norminet.jpg",
    },
  }),
  oauth2({
    module: "atlassian",
    factory: Atlassian,
    authorization: "https://auth.atlassian.com/authorize",
    token: "https://auth.atlassian.com/oauth/token",
    userinfo: "https://api.atlassian.com/me",
    profile: {
      account_id: "5b10ac8d82e05b22cc7d4ef5",
      name: "Mia Krystof",
      email: "mia@example.test",
      picture: "https://avatar-management.services.atlassian.com/mia.png",
    },
    expected: {
      name: "Mia Krystof",
      email: "mia@example.test",
      image: "https://avatar-management.services.atlassian.com/mia.png",
    },
  }),
  oauth2({
    module: "bitbucket",
    factory: Bitbucket,
    authorization: "https://bitbucket.org/site/oauth2/authorize",
    token: "https://bitbucket.org/site/oauth2/access_token",
    userinfo: "https://api.bitbucket.org/2.0/user",
    profile: {
      account_id: "557058:c0b72ad0-1cb5-4018-9cdc-0cde8492c443",
      display_name: "Evan Smith",
      username: "evzijst",
      links: { avatar: { href: "https://bitbucket.org/account/evzijst/avatar/" } },
    },
    expected: { name: "Evan Smith", image: "https://bitbucket.org/account/evzijst/avatar/" },
  }),
  oauth2({
    module: "box",
    factory: Box,
    authorization: "https://account.box.com/api/oauth2/authorize",
    token: "https://api.box.com/oauth2/token",
    userinfo: "https://api.box.com/2.0/users/me",
    profile: {
      type: "user",
      id: "11446498",
      name: "Aaron Levie",
      login: "ceo@example.test",
      avatar_url: "https://www.box.com/api/avatar/large/181216415",
    },
    expected: {
      name: "Aaron Levie",
      email: "ceo@example.test",
      image: "https://www.box.com/api/avatar/large/181216415",
    },
  }),
  oauth2({
    module: "click-up",
    factory: ClickUp,
    authorization: "https://app.clickup.com/api",
    token: "https://api.clickup.com/api/v2/oauth/token",
    userinfo: "https://api.clickup.com/api/v2/user",
    profile: {
      user: {
        id: 123,
        username: "John Doe",
        color: "#000000",
        profilePicture: "https://attachments.clickup.com/profilePictures/123.jpg",
      },
    },
    expected: { name: "John Doe" },
  }),
  oauth2({
    module: "coinbase",
    factory: Coinbase,
    authorization: "https://login.coinbase.com/oauth2/auth",
    token: "https://login.coinbase.com/oauth2/token",
    userinfo: "https://api.coinbase.com/v2/user",
    profile: {
      data: {
        id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8",
        name: "User One",
        email: "user1@example.test",
        avatar_url: "https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY",
      },
    },
    expected: {
      name: "User One",
      email: "user1@example.test",
      image: "https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY",
    },
  }),
  oauth2({
    module: "concept2",
    factory: Concept2,
    authorization: "https://log.concept2.com/oauth/authorize",
    token: "https://log.concept2.com/oauth/access_token",
    userinfo: "https://log.concept2.com/api/users/me",
    profile: {
      data: {
        id: 1,
        username: "david",
        email: "david@example.test",
        profile_image: "https://log.concept2.com/images/david.png",
      },
    },
    expected: {
      name: "david",
      email: "david@example.test",
      image: "https://log.concept2.com/images/david.png",
    },
  }),
  oauth2({
    module: "discord",
    factory: Discord,
    authorization: "https://discord.com/api/oauth2/authorize",
    token: "https://discord.com/api/oauth2/token",
    userinfo: "https://discord.com/api/users/@me",
    profile: {
      id: "80351110224678912",
      username: "nelly",
      discriminator: "0",
      global_name: "Nelly",
      avatar: "8342729096ea3675442027381ff50dfe",
      email: "nelly@discord.test",
    },
    expected: {
      name: "Nelly",
      email: "nelly@discord.test",
      image:
        "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    },
  }),
  oauth2({
    module: "dribbble",
    factory: Dribbble,
    authorization: "https://dribbble.com/oauth/authorize",
    token: "https://dribbble.com/oauth/token",
    userinfo: "https://api.dribbble.com/v2/user",
    profile: {
      id: 1,
      name: "Dan Cederholm",
      email: "dan@example.test",
      avatar_url: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg",
    },
    expected: {
      name: "Dan Cederholm",
      email: "dan@example.test",
      image: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg",
    },
  }),
  oauth2({
    module: "eventbrite",
    factory: Eventbrite,
    authorization: "https://www.eventbrite.com/oauth/authorize",
    token: "https://www.eventbrite.com/oauth/token",
    userinfo: "https://www.eventbriteapi.com/v3/users/me/",
    vendor: { clientAuth: "client_secret_post" },
    profile: {
      id: "1234567890",
      name: "Jane Organizer",
      first_name: "Jane",
      last_name: "Organizer",
      emails: [
        { email: "old@example.test", verified: true, primary: false },
        { email: "jane@example.test", verified: true, primary: true },
      ],
      image_id: "987654",
    },
    expected: {
      name: "Jane Organizer",
      email: "jane@example.test",
      image:
        "https://img.evbuc.com/https%3A%2F%2Fcdn.evbuc.com%2Fimages%2F987654%2F1%2Foriginal.jpg",
    },
  }),
  oauth2({
    module: "eveonline",
    factory: EVEOnline,
    authorization: "https://login.eveonline.com/v2/oauth/authorize",
    token: "https://login.eveonline.com/v2/oauth/token",
    userinfo: "https://login.eveonline.com/oauth/verify",
    profile: {
      CharacterID: 95465499,
      CharacterName: "CCP Bartender",
      ExpiresOn: "2025-01-01T00:00:00",
      Scopes: "publicData",
      TokenType: "Character",
      CharacterOwnerHash: "lots_of_hash",
      IntellectualProperty: "EVE",
    },
    expected: {
      name: "CCP Bartender",
      image: "https://image.eveonline.com/Character/95465499_128.jpg",
    },
  }),
  oauth2({
    module: "faceit",
    factory: FACEIT,
    authorization: "https://accounts.faceit.com/accounts",
    token: "https://api.faceit.com/auth/v1/oauth/token",
    userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
    vendor: { clientAuth: "client_secret_basic" },
    profile: {
      guid: "0fbd1b71-5dbf-4e6e-b0d2-71c4b6b1a2a9",
      name: "s1mple",
      email: "s1mple@faceit.test",
      picture: "https://assets.faceit-cdn.net/avatars/s1mple.jpg",
    },
    expected: {
      name: "s1mple",
      email: "s1mple@faceit.test",
      image: "https://assets.faceit-cdn.net/avatars/s1mple.jpg",
    },
  }),
  oauth2({
    module: "figma",
    factory: Figma,
    authorization: "https://www.figma.com/oauth",
    token: "https://api.figma.com/v1/oauth/token",
    userinfo: "https://api.figma.com/v1/me",
    profile: {
      id: "1010101010",
      email: "designer@example.test",
      handle: "Designer",
      img_url: "https://s3-alpha.figma.com/profile/designer.png",
    },
    expected: {
      name: "Designer",
      email: "designer@example.test",
      image: "https://s3-alpha.figma.com/profile/designer.png",
    },
  }),
  oauth2({
    module: "freshbooks",
    factory: Freshbooks,
    authorization: "https://auth.freshbooks.com/service/auth/oauth/authorize",
    token: "https://api.freshbooks.com/auth/oauth/token",
    userinfo: "https://api.freshbooks.com/auth/api/v1/users/me",
    profile: {
      response: {
        id: 2192788,
        first_name: "Bill",
        last_name: "Mellon",
        email: "bill@example.test",
      },
    },
    expected: { name: "Bill Mellon", email: "bill@example.test", image: null },
  }),
  oauth2({
    module: "gitlab",
    factory: GitLab,
    authorization: "https://gitlab.com/oauth/authorize",
    token: "https://gitlab.com/oauth/token",
    userinfo: "https://gitlab.com/api/v4/user",
    profile: {
      id: 1,
      username: "john_smith",
      name: "John Smith",
      email: "john@example.test",
      avatar_url: "https://gitlab.com/uploads/-/system/user/avatar/1/avatar.png",
    },
    expected: {
      name: "John Smith",
      email: "john@example.test",
      image: "https://gitlab.com/uploads/-/system/user/avatar/1/avatar.png",
    },
  }),
  oauth2({
    module: "kakao",
    factory: Kakao,
    authorization: "https://kauth.kakao.com/oauth/authorize",
    token: "https://kauth.kakao.com/oauth/token",
    userinfo: "https://kapi.kakao.com/v2/user/me",
    vendor: { clientAuth: "client_secret_post" },
    profile: {
      id: 123456789,
      kakao_account: {
        profile: {
          nickname: "홍길동",
          profile_image_url: "http://yyy.kakao.com/dn/img_640x640.jpg",
        },
        email: "sample@sample.test",
      },
    },
    expected: {
      name: "홍길동",
      email: "sample@sample.test",
      image: "http://yyy.kakao.com/dn/img_640x640.jpg",
    },
  }),
  oauth2({
    module: "mailru",
    factory: Mailru,
    authorization: "https://oauth.mail.ru/login",
    token: "https://oauth.mail.ru/token",
    userinfo: "https://oauth.mail.ru/userinfo",
    profile: {
      id: "1234567890",
      name: "Ivan Petrov",
      email: "ivan@mail.test",
      image: "https://filin.mail.ru/pic?email=ivan@mail.test",
    },
    expected: { name: "Ivan Petrov", email: "ivan@mail.test" },
  }),
  oauth2({
    module: "medium",
    factory: Medium,
    authorization: "https://medium.com/m/oauth/authorize",
    token: "https://api.medium.com/v1/tokens",
    userinfo: "https://api.medium.com/v1/me",
    profile: {
      data: {
        id: "5303d74c64f66366f00cb9b2a94f3251bf5",
        username: "majelbstoat",
        name: "Jamie Talbot",
        url: "https://medium.com/@majelbstoat",
        imageUrl: "https://images.medium.com/0*fkfQiTzT7TlUGGyI.png",
      },
    },
    expected: {
      name: "Jamie Talbot",
      image: "https://images.medium.com/0*fkfQiTzT7TlUGGyI.png",
    },
  }),
  oauth2({
    module: "naver",
    factory: Naver,
    authorization: "https://nid.naver.com/oauth2.0/authorize",
    token: "https://nid.naver.com/oauth2.0/token",
    userinfo: "https://openapi.naver.com/v1/nid/me",
    profile: {
      resultcode: "00",
      message: "success",
      response: {
        id: "32742776",
        nickname: "OpenAPI",
        email: "openapi@naver.test",
        profile_image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
      },
    },
    expected: {
      name: "OpenAPI",
      email: "openapi@naver.test",
      image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
    },
  }),
  oauth2({
    module: "netlify",
    factory: Netlify,
    authorization: "https://app.netlify.com/authorize",
    token: "https://api.netlify.com/oauth/token",
    userinfo: "https://api.netlify.com/api/v1/user",
    profile: {
      id: "5c0e1c5e1f2a3b0f8b5e1c5e",
      full_name: "Net Lify",
      email: "net@netlify.test",
      avatar_url: "https://avatars.netlify.test/u/1",
    },
    expected: {
      name: "Net Lify",
      email: "net@netlify.test",
      image: "https://avatars.netlify.test/u/1",
    },
  }),
  oauth2({
    module: "osu",
    factory: Osu,
    authorization: "https://osu.ppy.sh/oauth/authorize",
    token: "https://osu.ppy.sh/oauth/token",
    userinfo: "https://osu.ppy.sh/api/v2/me",
    profile: { id: 2, username: "peppy", avatar_url: "https://a.ppy.sh/2?1519081077.png" },
    expected: { name: "peppy", image: "https://a.ppy.sh/2?1519081077.png" },
  }),
  oauth2({
    module: "patreon",
    factory: Patreon,
    authorization: "https://www.patreon.com/oauth2/authorize",
    token: "https://www.patreon.com/api/oauth2/token",
    userinfo: "https://www.patreon.com/api/oauth2/api/current_user",
    profile: {
      data: {
        id: "12345",
        type: "user",
        attributes: {
          full_name: "Corgi The Dev",
          email: "corgi@patreon.test",
          image_url: "https://c8.patreon.com/2/200/12345",
        },
      },
    },
    expected: {
      name: "Corgi The Dev",
      email: "corgi@patreon.test",
      image: "https://c8.patreon.com/2/200/12345",
    },
  }),
  oauth2({
    module: "pinterest",
    factory: Pinterest,
    authorization: "https://www.pinterest.com/oauth",
    token: "https://api.pinterest.com/v5/oauth/token",
    userinfo: "https://api.pinterest.com/v5/user_account",
    profile: {
      account_type: "PINNER",
      profile_image: "https://i.pinimg.com/280x280_RS/pinner.jpg",
      website_url: "https://pinner.test",
      username: "pinner",
    },
    expected: { name: "pinner", image: "https://i.pinimg.com/280x280_RS/pinner.jpg" },
  }),
  oauth2({
    module: "pipedrive",
    factory: Pipedrive,
    authorization: "https://oauth.pipedrive.com/oauth/authorize",
    token: "https://oauth.pipedrive.com/oauth/token",
    userinfo: "https://api.pipedrive.com/users/me",
    profile: {
      success: true,
      data: {
        id: 1234,
        name: "Pipe Driver",
        email: "driver@pipedrive.test",
        icon_url: "https://pipedrive-profile-pics.s3.amazonaws.com/1234.png",
      },
    },
    expected: {
      name: "Pipe Driver",
      email: "driver@pipedrive.test",
      image: "https://pipedrive-profile-pics.s3.amazonaws.com/1234.png",
    },
  }),
  oauth2({
    module: "reddit",
    factory: Reddit,
    authorization: "https://www.reddit.com/api/v1/authorize",
    token: "https://www.reddit.com/api/v1/access_token",
    userinfo: "https://oauth.reddit.com/api/v1/me",
    vendor: { clientAuth: "client_secret_basic" },
    profile: { id: "t2_1w72", name: "spez", icon_img: "https://styles.redditmedia.com/spez.png" },
    expected: { name: "spez" },
  }),
  oauth2({
    module: "spotify",
    factory: Spotify,
    authorization: "https://accounts.spotify.com/authorize",
    token: "https://accounts.spotify.com/api/token",
    userinfo: "https://api.spotify.com/v1/me",
    profile: {
      id: "smedjan",
      display_name: "JM Wizzler",
      email: "email@example.test",
      images: [{ url: "https://i.scdn.co/image/ab6775700000ee85", height: 300, width: 300 }],
    },
    expected: {
      name: "JM Wizzler",
      email: "email@example.test",
      image: "https://i.scdn.co/image/ab6775700000ee85",
    },
  }),
  oauth2({
    module: "strava",
    factory: Strava,
    authorization: "https://www.strava.com/api/v3/oauth/authorize",
    token: "https://www.strava.com/api/v3/oauth/token",
    userinfo: "https://www.strava.com/api/v3/athlete",
    vendor: {
      clientAuth: "client_secret_post",
      tokenResponse: ({ accessToken, scope }) => ({
        token_type: "Bearer",
        expires_at: 1568775134,
        expires_in: 21600,
        refresh_token: "e5n567567",
        access_token: accessToken,
        scope,
        athlete: { id: 134815, username: "marianne_t" },
      }),
    },
    profile: {
      id: 134815,
      firstname: "Marianne",
      lastname: "Teutenberg",
      profile: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/134815/large.jpg",
    },
    expected: {
      name: "Marianne Teutenberg",
      image: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/134815/large.jpg",
    },
  }),
  oauth2({
    module: "twitter",
    factory: Twitter,
    authorization: "https://x.com/i/oauth2/authorize",
    token: "https://api.x.com/2/oauth2/token",
    userinfo: "https://api.x.com/2/users/me",
    profile: {
      data: {
        id: "2244994945",
        name: "X Dev",
        username: "XDevelopers",
        profile_image_url:
          "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg",
      },
    },
    expected: {
      name: "X Dev",
      image: "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg",
    },
  }),
  oauth2({
    module: "wikimedia",
    factory: Wikimedia,
    authorization: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize",
    token: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
    userinfo: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
    profile: {
      sub: "12345",
      username: "Example",
      editcount: 42,
      confirmed_email: true,
      blocked: false,
      email: "example@wikimedia.test",
    },
    expected: { name: "Example", email: "example@wikimedia.test", image: null },
  }),
  oauth2({
    module: "wordpress",
    factory: WordPress,
    authorization: "https://public-api.wordpress.com/oauth2/authorize",
    token: "https://public-api.wordpress.com/oauth2/token",
    userinfo: "https://public-api.wordpress.com/rest/v1/me",
    profile: {
      ID: 12345678,
      display_name: "Word Smith",
      email: "smith@wordpress.test",
      avatar_URL: "https://0.gravatar.com/avatar/abc",
    },
    expected: {
      name: "Word Smith",
      email: "smith@wordpress.test",
      image: "https://0.gravatar.com/avatar/abc",
    },
  }),
  oauth2({
    module: "yandex",
    factory: Yandex,
    authorization: "https://oauth.yandex.ru/authorize",
    token: "https://oauth.yandex.ru/token",
    userinfo: "https://login.yandex.ru/info",
    profile: {
      login: "ivan",
      id: "1000034426",
      client_id: "4760187d81bc4b7799476b42b5103713",
      psuid: "1.AAceCw.tbHgw5DtJ9_zeqPrk-Ba2w.qPWSRC5v2t2IaksPJgnge",
      emails: ["ivan@yandex.test"],
      default_email: "ivan@yandex.test",
      is_avatar_empty: false,
      default_avatar_id: "131652443",
      display_name: "Ivan",
    },
    expected: {
      name: "Ivan",
      email: "ivan@yandex.test",
      image: "https://avatars.yandex.net/get-yapic/131652443/islands-200",
    },
  }),
  oauth2({
    module: "zoho",
    factory: Zoho,
    authorization: "https://accounts.zoho.com/oauth/v2/auth",
    token: "https://accounts.zoho.com/oauth/v2/token",
    userinfo: "https://accounts.zoho.com/oauth/user/info",
    profile: { ZUID: 12345678, First_Name: "Zo", Last_Name: "Ho", Email: "zo@zoho.test" },
    expected: { name: "Zo Ho", email: "zo@zoho.test", image: null },
  }),
  oauth2({
    module: "zoom",
    factory: Zoom,
    authorization: "https://zoom.us/oauth/authorize",
    token: "https://zoom.us/oauth/token",
    userinfo: "https://api.zoom.us/v2/users/me",
    profile: {
      id: "KDcuGIm1QgePTO8WbOqwIQ",
      first_name: "Jill",
      last_name: "Chill",
      email: "jchill@zoom.test",
      pic_url: "https://example.zoom.us/p/KDcuGIm1QgePTO8WbOqwIQ/1234",
    },
    expected: {
      name: "Jill Chill",
      email: "jchill@zoom.test",
      image: "https://example.zoom.us/p/KDcuGIm1QgePTO8WbOqwIQ/1234",
    },
  }),
]
