/**
 * What `partysocket` is in the Worker's build (vite.config.ts). The live hooks open their sockets
 * in effects, which never run on the server; the real module reads `process` as it loads, and that
 * first read makes workerd load its Node `process` with streams and events on every cold start.
 */
export default class PartySocket {
  constructor() {
    throw new Error("Sockets are opened in the browser only");
  }
}
