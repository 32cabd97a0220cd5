/**
 * What the Worker's own entry (workers/app.ts) runs beside Remix: its request pipeline, jobs and
 * Durable Objects. The server build exports it (app/entry.server.tsx), so the Worker takes all of it
 * from the build and wrangler bundles one copy of the app and its dependencies, not two
 * (docs/decisions/0075-pictures-without-satori.md).
 */
export { routePartykitRequest } from "partyserver";
export { gatePartyRequest } from "./worker/party-gate.server";
export { ensureGuest, shouldCreateGuest, withSessionToken } from "./auth/guest.server";
export { isFromOurPages, isSameOrigin } from "./auth/origin";
export { isBearerApiCall } from "./api/paths";
export { claimedSessionKind, isSecureRequest, sessionCookieName } from "./auth/session-cookie";
export { withPublicPageCache } from "./cache/public-pages.server";
export { createDatabase, withRequestBinding } from "./db.server";
export { readConfig } from "./env.server";
export { runPeriodicJobs } from "./jobs/periodic.server";
export { createPayouts } from "./payouts/payouts.server";
export { textResponse } from "./lib/http";
export { createLoadContext } from "./load-context.server";
export { visitorTimeZoneOnce } from "./lib/visitor-zone.server";
export { openRequestSession } from "./lib/d1-sessions.server";
export {
  budgetFor,
  countedEnv,
  countFor,
  countingBuild,
  distantD1,
  formatBudget,
  formatRoundTrips,
  newRoundTrips,
  ROUND_TRIPS_BUDGET_HEADER,
  ROUND_TRIPS_HEADER,
  countedD1,
} from "./lib/round-trips.server";
export { bodyLimitFor, limitRequestBody, refuseUnreadableForm } from "./worker/request-body.server";
export { PAYMENT_WEBHOOK_PATH } from "./payments/paths";
export { STOP_NOTICES_PATH } from "./readers/notice-links.server";
export { wakeDemoPresence } from "./readers/presence.server";
export { logRefusal } from "./security/audit.server";
export { newNonce, withSecurityHeaders } from "./security/headers.server";
export { withAccountHeader } from "./sw/account-header.server";
export { reportError, setRelease } from "./observe/errors.server";
export { log } from "./observe/log.server";
export { flushMetrics, isMeasuredAnswer, METRICS, recordMetric } from "./observe/metrics.server";
export { namingBuild } from "./observe/routes.server";
export { newRequestId, openScope, REQUEST_ID_HEADER, runInScope } from "./observe/scope.server";
export { DeckGenerator } from "../party/deck-generator";
export { PrintJob } from "../party/print-job";
export { ReaderPresence } from "../party/reader-presence";
export { ReadingRoom } from "../party/reading-room";
export { UserChannel } from "../party/user-channel";
