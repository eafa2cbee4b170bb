/**
 * A failed credentials sign-in (a wrong password) comes back to the sign-in page by a redirect
 * (`?error=CredentialsSignin&code=…`, Auth.js's URL), which renders the form empty: the user
 * typed their e-mail or user name for nothing. The form keeps them instead, in the browser: on
 * submit, a small inline script copies the identifier fields (never a password or a one-time
 * code) to the tab's `sessionStorage`; the next sign-in page of that tab takes them out again
 * and, when it shows an error, puts them back and focuses the first empty field.
 *
 * The values never reach the server or the URL (no history, no logs, no `Referer`), and are
 * only ever set as `input.value`, never parsed as markup. Without JavaScript (or under a CSP that
 * refuses inline scripts) the form simply starts empty, as in Auth.js.
 */
import type { PageCredentialInput } from "./credential-input.js"
import { credentialInputAttributes } from "./credential-input.js"

/** The `sessionStorage` key the script uses. */
export const KEPT_FIELDS_STORAGE_KEY = "authjs.signin-fields"

/** Input types that hold an identifier; `password`, `number`, `date`, `hidden`… do not. */
const IDENTIFIER_TYPES: ReadonlySet<string> = new Set(["text", "email", "tel"])

/** `autocomplete` tokens of secrets, which are never kept whatever the input's type. */
const SECRET_AUTOCOMPLETE = /\b(current-password|new-password|one-time-code)\b|\bcc-/i

/**
 * The names of a credentials form's fields worth keeping after a failed attempt: text, e-mail
 * and phone fields whose `autocomplete` does not name a password, a one-time code or a card.
 */
export function keptFieldNames(
  credentials: Record<string, PageCredentialInput> | undefined,
): string[] {
  return Object.entries(credentials ?? {})
    .filter(([, config]) => {
      const { type, autocomplete } = credentialInputAttributes(config)
      return (
        IDENTIFIER_TYPES.has(String(type)) && !SECRET_AUTOCOMPLETE.test(String(autocomplete ?? ""))
      )
    })
    .map(([name]) => name)
}

/**
 * The inline script (a constant: it holds no `</script`, and no user data). It drives the forms
 * marked `data-keep-fields` (a JSON array of field names); `data-restore-fields` marks a page
 * that shows an error, where the kept values come back. A form's values are stored under its
 * `action`, so only the form they came from gets them back.
 */
export const KEEP_FIELDS_SCRIPT = `(function () {
  var key = ${JSON.stringify(KEPT_FIELDS_STORAGE_KEY)};
  var saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(key) || "null");
    sessionStorage.removeItem(key);
  } catch (e) {}
  var forms = document.querySelectorAll("form[data-keep-fields]");
  Array.prototype.forEach.call(forms, function (form) {
    var names = JSON.parse(form.getAttribute("data-keep-fields") || "[]");
    var action = form.getAttribute("action");
    var values = saved && saved.form === action ? saved.values : null;
    var field = function (name) {
      var input = form.elements.namedItem(name);
      return input && typeof input.value === "string" ? input : null;
    };
    if (values && form.hasAttribute("data-restore-fields")) {
      names.forEach(function (name) {
        var input = field(name);
        if (input && input.value === "" && typeof values[name] === "string") input.value = values[name];
      });
      var inputs = form.querySelectorAll("input:not([type=hidden])");
      var empty = Array.prototype.find.call(inputs, function (input) { return input.value === ""; });
      if (empty) empty.focus();
    }
    form.addEventListener("submit", function () {
      var kept = {};
      names.forEach(function (name) {
        var input = field(name);
        if (input) kept[name] = input.value;
      });
      try {
        sessionStorage.setItem(key, JSON.stringify({ form: action, values: kept }));
      } catch (e) {}
    });
  });
})();`
