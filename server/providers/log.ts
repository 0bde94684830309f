/**
 * Where a provider writes a line (issue 42; server/providers/README.md "The rules"; docs/operations.md "Watching it"). A
 * provider call made while a request is served is handed that request's logger (Fastify's `req.log`), so its line
 * carries the request's `reqId`; a call the housekeeping sweep makes is handed the process's (`app.log`). The line names
 * no secret, token, real provider's code or URL with a secret in it.
 */
export interface ProviderLog {
  info(message: string): void
}
