/**
 * What a `500` for a config mistake says, in core's answers and in the integrations' own (a
 * server-side action that fails): the cause is in the log, never in the response.
 */
export const CONFIG_ERROR_MESSAGE =
  "There was a problem with the server configuration. Check the server logs for more information."
