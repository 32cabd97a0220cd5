// Where a push may be sent: the push services of the browsers, by name, over https on the default
// port. A subscription names its endpoint itself, so anything else would let a person make the
// Worker post to an address of their choosing (decision 0089).

/** The push services' hosts: a name alone is that host; `*.` before it, any host under it (never the bare name). */
export const PUSH_SERVICE_HOSTS = [
  // Chrome, Edge on Android, Opera, Brave, Samsung Internet
  "fcm.googleapis.com",
  // Firefox
  "*.push.services.mozilla.com",
  // Safari
  "*.push.apple.com",
  // Edge on Windows
  "*.notify.windows.com",
] as const;

function knownHost(hostname: string): boolean {
  return PUSH_SERVICE_HOSTS.some((host) => (host.startsWith("*.") ? hostname.endsWith(host.slice(1)) : hostname === host));
}

/**
 * Whether a push may be sent to `endpoint`: a known push service's https address, or, outside
 * production, an address of the tests' own push service, whose origin `testService` names exactly.
 */
export function isPushServiceEndpoint(endpoint: string, testService: string | null): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (testService !== null && url.origin === testService) return true;
  return url.protocol === "https:" && url.port === "" && knownHost(url.hostname);
}
