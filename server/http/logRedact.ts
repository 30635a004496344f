/** Query parameters whose values never reach a log line (the spec's login puts the password in the URL). */
const SECRET_PARAMS = /([?&](?:password|oldPassword|newPassword|code|sign|access_token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1***');
}

/** Fastify's request serializer without secrets in the logged URL. */
export const requestSerializer = (req: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) => ({
  method: req.method,
  url: redactUrl(req.url),
  hostname: req.hostname,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});
